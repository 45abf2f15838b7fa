import ComposableCore
import TerminalUI

/// A child feature's view seen from its parent's: the child view with the key path and case key
/// path that scope the parent's store to it — the pair `Scope` takes in the parent's reducer.
///
/// ```swift
/// let counter = ScopedTerminalView(CounterView(), state: \AppFeature.State.counter, action: \AppFeature.Action.Cases.counter)
/// counter.render(store, style: style)   // CounterView renders store.scope(state: \.counter, action: \.counter)
/// ```
public struct ScopedTerminalView<State, Action> {
  /// The child view's commands.
  public let commands: [Command]
  private let renderStore: @MainActor (Store<State, Action>, TextStyle) -> [String]
  private let renderState: (State, TextStyle) -> [String]
  private let interpretStore: @MainActor (Invocation, Store<State, Action>) throws(ArgumentError) -> CommandOutcome<Action>
  private let interpretState: (Invocation, State) throws(ArgumentError) -> CommandOutcome<Action>
  private let promptStore: @MainActor (Store<State, Action>) -> TerminalPrompt<Action>?
  private let promptState: (State) -> TerminalPrompt<Action>?
  private let screenStore: @MainActor (Store<State, Action>) -> TerminalScreen<Action>?
  private let screenState: (State) -> TerminalScreen<Action>?
  private let completionsState: (Invocation, State) -> [String]
  private let frameStore: @MainActor (Store<State, Action>, TextStyle) -> TerminalFrame<Action>

  /// The child `view`, reached from the parent by `state` and `action`.
  @MainActor public init<Child: TerminalView>(
    _ view: Child,
    state toChild: KeyPath<State, Child.State>,
    action toChildAction: CaseKeyPath<Action, Child.Action>
  ) {
    // NB: Made once: embedding through the case key path itself builds the path each time.
    let embed = AnyCasePath(toChildAction).embed
    let children = ScopedStoreCache<State, Action, Child.State, Child.Action>()
    @MainActor func scope(_ store: Store<State, Action>) -> Store<Child.State, Child.Action> {
      children.child(of: store) { $0.scope(state: toChild, action: toChildAction) }
    }
    commands = view.commands
    renderStore = { @MainActor store, style in view.render(scope(store).state, style: style) }
    renderState = { state, style in view.render(state[keyPath: toChild], style: style) }
    interpretStore = { @MainActor invocation, store throws(ArgumentError) in
      try view.interpret(invocation, state: scope(store).state).map(embed)
    }
    interpretState = { invocation, state throws(ArgumentError) in
      try view.interpret(invocation, state: state[keyPath: toChild]).map(embed)
    }
    promptStore = { @MainActor store in view.prompt(for: scope(store).state)?.map(embed) }
    promptState = { state in view.prompt(for: state[keyPath: toChild])?.map(embed) }
    screenStore = { @MainActor store in view.screen(for: scope(store).state)?.map(embed) }
    screenState = { state in view.screen(for: state[keyPath: toChild])?.map(embed) }
    completionsState = { invocation, state in view.completions(for: invocation, state: state[keyPath: toChild]) }
    // NB: A frame is made again only when something it read has changed: a redraw after a
    //     change to one feature makes that feature's frame alone.
    let frames = FeatureFrameCache<Action>()
    frameStore = { @MainActor store, style in
      frames.frame(for: store, style: style) {
        let state = scope(store).state
        let screen = view.screen(for: state)?.map(embed)
        // NB: A session reads a pushed screen's lines and question later, from the state the
        //     screen holds; they are read here too, so that a change to them makes this frame
        //     stale.
        if let screen {
          _ = screen.render(style: style)
          _ = screen.prompt
        }
        return TerminalFrame(
          lines: view.render(state, style: style),
          screen: screen,
          prompt: view.prompt(for: state)?.map(embed)
        )
      }
    }
  }

  /// The child's lines, read through the store scoped to the child.
  @MainActor public func render(_ store: Store<State, Action>, style: TextStyle) -> [String] {
    renderStore(store, style)
  }

  /// The child's lines for the parent's `state`.
  public func render(_ state: State, style: TextStyle) -> [String] {
    renderState(state, style)
  }

  /// The child's outcome for `invocation`, embedded in the parent's actions.
  @MainActor public func interpret(
    _ invocation: Invocation, store: Store<State, Action>
  ) throws(ArgumentError) -> CommandOutcome<Action> {
    try interpretStore(invocation, store)
  }

  /// The child's outcome for `invocation` given the parent's `state`.
  public func interpret(
    _ invocation: Invocation, state: State
  ) throws(ArgumentError) -> CommandOutcome<Action> {
    try interpretState(invocation, state)
  }

  /// The child's question, if it asks one, embedded in the parent's actions.
  @MainActor public func prompt(for store: Store<State, Action>) -> TerminalPrompt<Action>? {
    promptStore(store)
  }

  /// The child's question for the parent's `state`.
  public func prompt(for state: State) -> TerminalPrompt<Action>? {
    promptState(state)
  }

  /// The screen the child has pushed, if any, embedded in the parent's actions.
  @MainActor public func screen(for store: Store<State, Action>) -> TerminalScreen<Action>? {
    screenStore(store)
  }

  /// The child's pushed screen for the parent's `state`.
  public func screen(for state: State) -> TerminalScreen<Action>? {
    screenState(state)
  }

  /// The child's lines, pushed screen and question, from one read of its state; the same frame
  /// again while nothing it read has changed.
  @MainActor public func frame(for store: Store<State, Action>, style: TextStyle) -> TerminalFrame<Action> {
    frameStore(store, style)
  }

  /// The child's completions of an argument given the parent's `state`.
  public func completions(for invocation: Invocation, state: State) -> [String] {
    completionsState(invocation, state)
  }
}
