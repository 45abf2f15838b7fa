/// ANSI styling for a view's text, or none.
///
/// Styling is off when the coloring says so, when `NO_COLOR` is set (https://no-color.org),
/// or, in ``Coloring/auto``, when output is not a terminal.
public struct TextStyle: Equatable, Sendable {
  /// Whether output is to be styled.
  public enum Coloring: Sendable {
    /// Style output written to a terminal, unless `NO_COLOR` is set.
    case auto
    /// Always style output, unless `NO_COLOR` is set.
    case always
    /// Never style output.
    case never
  }

  /// Whether styling is applied.
  public var isEnabled: Bool
  /// No styling: text comes back unchanged.
  public static let plain = Self(isEnabled: false)
  /// ANSI styling.
  public static let ansi = Self(isEnabled: true)

  /// Creates a style that styles text or not.
  public init(isEnabled: Bool) {
    self.isEnabled = isEnabled
  }

  /// Decides styling from the coloring wanted, the environment and the output.
  public init(coloring: Coloring, environment: [String: String], isTerminal: Bool) {
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    switch coloring {
    case .never: isEnabled = false
    case .always: isEnabled = !noColor
    case .auto: isEnabled = !noColor && isTerminal && environment["TERM"] != "dumb"
    }
  }

  /// Bold text.
  public func bold(_ text: String) -> String { apply("1", text) }
  /// Dim text.
  public func dim(_ text: String) -> String { apply("2", text) }
  /// Red text.
  public func red(_ text: String) -> String { apply("31", text) }
  /// Green text.
  public func green(_ text: String) -> String { apply("32", text) }
  /// Yellow text.
  public func yellow(_ text: String) -> String { apply("33", text) }
  /// Cyan text.
  public func cyan(_ text: String) -> String { apply("36", text) }

  private func apply(_ code: String, _ text: String) -> String {
    isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
