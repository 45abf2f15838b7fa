import AppDependencies
import TerminalUI

extension Settings {
  /// The value each setting starts from, and goes back to on reset.
  public enum Default {
    /// Trivia facts.
    public static let factKind = FactKind.trivia
    /// One at a time.
    public static let step = 1
    /// Coloured when the output is a terminal and `NO_COLOR` is not set.
    public static let colorMode = ColorMode.auto
    /// Completed todos sort to the bottom.
    public static let sortCompleted = true
  }
}
