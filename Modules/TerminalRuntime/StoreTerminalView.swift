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

  /// The lines, the pushed screen and the question, together: what a session draws after each
  /// change. The default asks ``render(_:style:)``, ``screen(for:)`` and ``prompt(for:)`` in
  /// turn; a view made of features can read each feature's state once for all three.
  @MainActor func frame(for store: Store<State, Action>, style: TextStyle) -> TerminalFrame<Action>
}

extension StoreTerminalView {
  /// The view's lines, its pushed screen and its question, each asked for in turn.
  @MainActor public func frame(for store: Store<State, Action>, style: TextStyle) -> TerminalFrame<Action> {
    TerminalFrame(lines: render(store, style: style), screen: screen(for: store), prompt: prompt(for: store))
  }

  /// The screen the view pushes for the store's state.
  @MainActor public func screen(for store: Store<State, Action>) -> TerminalScreen<Action>? {
    screen(for: store.state)
  }
}
