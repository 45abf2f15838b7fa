extension TerminalScreen {
  /// What `line` comes to on this screen, through the same pipeline as the terminal program:
  /// its commands, and `back`.
  public func parse(_ line: String) -> ParsedLine<Action> {
    ParsedLine.parse(line, commands: commands + [Self.backCommand], screen: title) { invocation throws(ArgumentError) in
      try interpret(invocation)
    }
  }
}
