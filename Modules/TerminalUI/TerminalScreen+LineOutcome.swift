extension TerminalScreen {
  /// The outcome of `line` on this screen, through the same pipeline as the terminal program:
  /// its commands, and `back`.
  public func outcome(of line: String) -> LineOutcome<Action> {
    LineOutcome.of(line, commands: commands + [Self.backCommand], screen: title) { invocation throws(ArgumentError) in
      try interpret(invocation)
    }
  }
}
