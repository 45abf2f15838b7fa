import Foundation

/// What `find` looks for: the words typed, each the start of a word of a todo's description,
/// in any order, without regard to case or accents (`mil` finds "Buy milk", `cafe` "Café").
///
/// ```swift
/// TodosFind("MIL buy").terms  // ["mil", "buy"]
/// ```
///
/// The empty find finds every todo: the whole list.
public struct TodosFind: Equatable, Hashable, Sendable {
  /// The text as typed, trimmed.
  public let text: String
  /// The words looked for, as the index keeps words: lower case, accents and punctuation
  /// dropped, each once.
  public let terms: [String]

  /// Looks for the words of `text`.
  public init(_ text: String = "") {
    self.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    var terms: [String] = []
    for term in Self.words(of: self.text) where !terms.contains(term) {
      terms.append(term)
    }
    self.terms = terms
  }

  /// Whether this is the empty find: every todo.
  public var isEmpty: Bool { terms.isEmpty }

  /// The words of `text` as SQLite's `unicode61` tokenizer, removing diacritics, splits and
  /// folds them: runs of letters and digits, lower case, marks dropped.
  static func words(of text: String) -> [String] {
    let folded = String(String.UnicodeScalarView(
      text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars.filter { !isMark($0) }
    ))
    return folded.unicodeScalars
      .split { !isWordScalar($0) }
      .map { String(String.UnicodeScalarView($0)) }
  }

  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }

  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber, .privateUse:
      true
    default:
      false
    }
  }
}
