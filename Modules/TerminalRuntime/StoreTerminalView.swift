import ComposableCore
import TerminalUI

/// A view that reads its feature through the store, as a SwiftUI view holding
/// `let store: StoreOf<Feature>` does: a parent hands each child the store scoped to it,
/// `store.scope(state: \.counter, action: \.counter)`. A session drives such a view through
/// these methods; its state-taking ones stay for tests and previews.
public protocol StoreTerminalView<State, Action>: TerminalView {
  /// Renders the screen from `store`'s state, read through the store.
  @MainActor func render(_ store: Store<State, Action>, style: TextStyle) -> [String]

  /// Turns an invocation into an action to send or lines to print, reading `store`.
  @MainActor func interpret(
    _ invocation: Invocation, store: Store<State, Action>
  ) throws(ArgumentError) -> CommandOutcome<Action>

  /// The question the feature asks now, if any.
  @MainActor func prompt(for store: Store<State, Action>) -> TerminalPrompt<Action>?

  /// The screen pushed over the view now, if any.
  @MainActor func screen(for store: Store<State, Action>) -> TerminalScreen<Action>?
}

extension StoreTerminalView {
  /// The screen the view pushes for the store's state.
  @MainActor public func screen(for store: Store<State, Action>) -> TerminalScreen<Action>? {
    screen(for: store.state)
  }
}
