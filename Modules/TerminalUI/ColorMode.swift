/// Whether output is styled: `auto` styles a terminal unless `NO_COLOR` is set.
public enum ColorMode: String, CaseIterable, Codable, Sendable {
  /// Style output written to a terminal, unless `NO_COLOR` is set.
  case auto
  /// Always style output, unless `NO_COLOR` is set.
  case on
  /// Never style output.
  case off
}
