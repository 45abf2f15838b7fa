import ComposableCore

extension TerminalScreen {
  /// The screen of a navigation stack's top element, scoped as the feature's reducer runs the
  /// stack: the `StackState` field's key path and the case key path of its `StackAction`. The
  /// screen's actions reach the stack as `.element(id:action:)` of the top element; `back`
  /// sends `.popFrom(id:)` of it. The breadcrumb is `root`, then each element's `title`.
  ///
  /// ```swift
  /// public func screen(for state: Notes.State) -> TerminalScreen<Notes.Action>? {
  ///   .stack(state, state: \.path, action: \.path, root: "notes", title: \.title) {
  ///     NoteView()
  ///   }
  /// }
  /// ```
  ///
  /// The case key path is made only for a stack that has a top: a case key path literal is a
  /// key path with an argument, which the runtime builds anew at each use (demangling its
  /// types), and a view is asked for its screen at every frame it makes.
  ///
  /// - Returns: The top element's screen, or `nil` while the stack is empty.
  public static func stack<State, Screen: TerminalView>(
    _ state: State,
    state toStack: KeyPath<State, StackState<Screen.State>>,
    action toStackAction: @autoclosure () -> CaseKeyPath<Action, StackAction<Screen.State, Screen.Action>>,
    root: String,
    title: (Screen.State) -> String,
    screen: () -> Screen
  ) -> Self? {
    let stack = state[keyPath: toStack]
    guard let id = stack.ids.last, let top = stack[id: id] else { return nil }
    let embed = AnyCasePath(toStackAction()).embed
    return TerminalScreen(
      screen(),
      state: top,
      breadcrumb: [root] + stack.map(title),
      back: embed(.popFrom(id: id))
    ) { embed(.element(id: id, action: $0)) }
  }
}
