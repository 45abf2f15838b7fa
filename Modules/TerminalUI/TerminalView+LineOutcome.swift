extension TerminalView {
  /// The outcome of `line` for this view in `state`, through the same pipeline as the terminal
  /// program (``LineOutcome/of(_:commands:screen:underneath:interpret:)``): what a view's tests
  /// assert.
  ///
  /// ```swift
  /// #expect(try view.outcome(of: "inc", state: state).commandOutcome() == .send(.incrementButtonTapped))
  /// ```
  public func outcome(of line: String, state: State) -> LineOutcome<Action> {
    LineOutcome.of(line, commands: commands) { invocation throws(ArgumentError) in
      try interpret(invocation, state: state)
    }
  }
}
