/// An action as the test store's reducer sees it: sent by the test, or received from an
/// effect, with the test step it traces back to.
struct TestAction<Action> {
  enum Origin {
    case send
    case receive
  }

  let origin: Origin
  let action: Action
  let location: SourceLocation
}

// NB: Test actions only travel between the test store's reducer and its store, on the main
// actor, like the actions they wrap.
extension TestAction: @unchecked Sendable {}
