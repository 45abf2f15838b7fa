import TerminalUI

extension TerminalProgram {
  /// How a program behaves.
  public struct Configuration {
    /// A person types (prompt, asynchronous output) rather than a script pipes.
    public var isInteractive: Bool
    /// The prompt shown before each line when interactive.
    public var prompt: String
    /// Lines printed first when interactive, e.g. a title and a hint.
    public var banner: [String]
    /// How long the end of input waits for running effects before cancelling them.
    public var shutdownTimeout: Duration
    /// The text style for a state, e.g. from a color setting in it.
    public var style: (View.State) -> TextStyle
    /// Whether a line waits for the effects it started before the next is read: piped, yes,
    /// so a script's output is the same on every run; typed, no. A source that orders the
    /// events and the effects' results itself (a replay, feeding them as a recording has them)
    /// turns it off.
    public var awaitsEffects: Bool
    /// How many rows of a list the terminal has room for, read when a typed run starts (later
    /// resizes come as ``TerminalEvent/resized(rows:)`` events); `nil`, piped, tells the views
    /// nothing, and each shows its own page, the same on every terminal.
    public var terminalRows: (() -> Int)?

    /// Creates a configuration.
    public init(
      isInteractive: Bool,
      prompt: String = TerminalLaunch.prompt,
      banner: [String] = [],
      shutdownTimeout: Duration = .seconds(6),
      style: @escaping (View.State) -> TextStyle = { _ in .plain },
      terminalRows: (() -> Int)? = nil
    ) {
      self.isInteractive = isInteractive
      self.prompt = prompt
      self.banner = banner
      self.shutdownTimeout = shutdownTimeout
      self.style = style
      self.awaitsEffects = !isInteractive
      self.terminalRows = terminalRows
    }
  }
}
