extension TerminalView {
  /// What `line` comes to for this view in `state`, through the same pipeline as the terminal
  /// program (``ParsedLine/parse(_:commands:screen:underneath:interpret:)``): what a view's tests
  /// assert.
  ///
  /// ```swift
  /// #expect(try view.parse("inc", state: state).commandOutcome() == .send(.incrementButtonTapped))
  /// ```
  public func parse(_ line: String, state: State) -> ParsedLine<Action> {
    ParsedLine.parse(line, commands: commands) { invocation throws(ArgumentError) in
      try interpret(invocation, state: state)
    }
  }
}
