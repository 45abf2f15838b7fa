/// The color setting: whether output is styled. `auto` styles a terminal unless `NO_COLOR` is
/// set. Part of the settings' state; the view turns it into a ``TerminalUI/TextStyle/Coloring``.
public enum ColorMode: String, CaseIterable, Codable, Sendable {
  /// Style output written to a terminal, unless `NO_COLOR` is set.
  case auto
  /// Always style output, unless `NO_COLOR` is set.
  case on
  /// Never style output.
  case off
}
