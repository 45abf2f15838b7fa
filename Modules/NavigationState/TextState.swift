import CustomDump

/// Text held in state — a title, a message, a button's label — that can be compared, hashed
/// and dumped in a test, and rendered by a view.
///
/// Build it from a string, join pieces with `+`, and style a piece with ``bold()``,
/// ``italic()``, ``underline(_:)`` or ``strikethrough(_:)``; ``Swift/String/init(state:locale:)``
/// gives the plain text back. Equality compares the text and its styles.
///
/// ```swift
/// TextState("Delete ") + TextState("3 todos").bold() + TextState("?")
/// ```
public struct TextState: Equatable, Hashable, Sendable {
  /// The style of a piece of text, applied in order.
  enum Modifier: Equatable, Hashable, Sendable {
    case bold(isActive: Bool)
    case italic(isActive: Bool)
    case strikethrough(isActive: Bool)
    case underline(isActive: Bool)
  }

  /// Where the text comes from.
  indirect enum Storage: Equatable, Hashable, Sendable {
    case concatenated(TextState, TextState)
    case verbatim(String)
  }

  var modifiers: [Modifier] = []
  let storage: Storage

  init(storage: Storage) {
    self.storage = storage
  }

  /// Text shown exactly as written, without localization.
  public init(verbatim content: String) {
    self.init(storage: .verbatim(content))
  }

  /// Text made from any string.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ content: S) {
    self.init(verbatim: String(content))
  }

  /// The two texts one after the other, each keeping its own styles.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(storage: .concatenated(lhs, rhs))
  }

  /// The text in bold.
  public func bold() -> Self {
    bold(isActive: true)
  }

  /// The text in bold when `isActive`.
  public func bold(isActive: Bool) -> Self {
    adding(.bold(isActive: isActive))
  }

  /// The text in italics.
  public func italic() -> Self {
    italic(isActive: true)
  }

  /// The text in italics when `isActive`.
  public func italic(isActive: Bool) -> Self {
    adding(.italic(isActive: isActive))
  }

  /// The text struck through when `isActive`.
  public func strikethrough(_ isActive: Bool = true) -> Self {
    adding(.strikethrough(isActive: isActive))
  }

  /// The text underlined when `isActive`.
  public func underline(_ isActive: Bool = true) -> Self {
    adding(.underline(isActive: isActive))
  }

  private func adding(_ modifier: Modifier) -> Self {
    var copy = self
    copy.modifiers.append(modifier)
    return copy
  }
}

extension TextState: CustomDumpRepresentable {
  /// The plain text, with bold as `**…**`, italics as `_…_`, struck text as `~~…~~` and
  /// underlined text as `<u>…</u>`.
  public var customDumpValue: Any {
    marked(self)
  }
}

extension TextState: CustomStringConvertible {
  /// The plain text, as ``Swift/String/init(state:locale:)`` gives it.
  public var description: String {
    String(state: self)
  }
}

private func marked(_ text: TextState) -> String {
  var output: String
  switch text.storage {
  case let .concatenated(first, second):
    output = marked(first) + marked(second)
  case let .verbatim(string):
    output = string
  }
  for modifier in text.modifiers {
    switch modifier {
    case .bold(isActive: true):
      output = "**\(output)**"
    case .italic(isActive: true):
      output = "_\(output)_"
    case .strikethrough(isActive: true):
      output = "~~\(output)~~"
    case .underline(isActive: true):
      output = "<u>\(output)</u>"
    case .bold(isActive: false), .italic(isActive: false), .strikethrough(isActive: false),
      .underline(isActive: false):
      break
    }
  }
  return output
}
