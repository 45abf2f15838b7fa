import ComposableCore
import CounterFeature
import NumberFactFeature
import SettingsFeature
import TerminalRuntime
import TerminalUI
import TodosFeature

/// The app's terminal view: each feature's view, handed the store scoped to its feature (the
/// key path and case key path `AppFeature`'s `Scope`s use), rendered one after another. A
/// command goes to the feature that declares it (command names are unique across features).
public struct AppView: GroupedTerminalView, StoreTerminalView {
  private let features: [(title: String, view: ScopedTerminalView<AppFeature.State, AppFeature.Action>)]
  /// The position in `features` of the feature owning each command name.
  private let owners: [String: Int]

  /// Creates the view.
  @MainActor public init() {
    features = [
      ("Counter", ScopedTerminalView(CounterView(), state: \.counter, action: \.counter)),
      ("Number facts", ScopedTerminalView(NumberFactView(), state: \.numberFact, action: \.numberFact)),
      ("Todos", ScopedTerminalView(TodosView(), state: \.todos, action: \.todos)),
      ("Settings", ScopedTerminalView(SettingsView(), state: \.settings, action: \.settings)),
    ]
    var owners: [String: Int] = [:]
    for (index, feature) in features.enumerated() {
      for command in feature.view.commands {
        owners[command.name] = index
      }
    }
    self.owners = owners
  }

  /// The commands of each feature, grouped by feature.
  public var commandGroups: [CommandGroup] {
    features.map { CommandGroup(title: $0.title, commands: $0.view.commands) }
  }

  /// The counter, the number fact, the todos and the settings, each read through its own
  /// scoped store.
  @MainActor public func render(_ store: StoreOf<AppFeature>, style: TextStyle) -> [String] {
    features.flatMap { $0.view.render(store, style: style) }
  }

  /// Hands the invocation to the feature that declares its command, with that feature's store.
  @MainActor public func interpret(
    _ invocation: Invocation, store: StoreOf<AppFeature>
  ) throws(ArgumentError) -> CommandOutcome<AppFeature.Action> {
    try owner(of: invocation).interpret(invocation, store: store)
  }

  /// The question a feature asks, if one does: the next line answers it.
  @MainActor public func prompt(for store: StoreOf<AppFeature>) -> TerminalPrompt<AppFeature.Action>? {
    features.lazy.compactMap { $0.view.prompt(for: store) }.first
  }

  /// The screen a feature has pushed, if one has (its stack's top): it is shown instead of
  /// the features, and takes the commands.
  @MainActor public func screen(for store: StoreOf<AppFeature>) -> TerminalScreen<AppFeature.Action>? {
    features.lazy.compactMap { $0.view.screen(for: store) }.first
  }

  /// Every feature's lines, and the first screen and question among them, each feature's state
  /// read once.
  @MainActor public func frame(for store: StoreOf<AppFeature>, style: TextStyle) -> TerminalFrame<AppFeature.Action> {
    let frames = features.map { $0.view.frame(for: store, style: style) }
    return TerminalFrame(
      lines: frames.flatMap(\.lines),
      screen: frames.lazy.compactMap(\.screen).first,
      prompt: frames.lazy.compactMap(\.prompt).first
    )
  }

  /// The screen for a state, without a store: for tests and previews.
  public func render(_ state: AppFeature.State, style: TextStyle) -> [String] {
    features.flatMap { $0.view.render(state, style: style) }
  }

  /// The outcome of an invocation for a state, without a store: for tests and previews.
  public func interpret(
    _ invocation: Invocation, state: AppFeature.State
  ) throws(ArgumentError) -> CommandOutcome<AppFeature.Action> {
    try owner(of: invocation).interpret(invocation, state: state)
  }

  /// The question asked in a state, without a store: for tests and previews.
  public func prompt(for state: AppFeature.State) -> TerminalPrompt<AppFeature.Action>? {
    features.lazy.compactMap { $0.view.prompt(for: state) }.first
  }

  /// The screen pushed in a state, without a store: for tests and previews.
  public func screen(for state: AppFeature.State) -> TerminalScreen<AppFeature.Action>? {
    features.lazy.compactMap { $0.view.screen(for: state) }.first
  }

  /// The completions of an argument the feature that declares the command offers.
  public func completions(for invocation: Invocation, state: AppFeature.State) -> [String] {
    (try? owner(of: invocation))?.completions(for: invocation, state: state) ?? []
  }

  private func owner(
    of invocation: Invocation
  ) throws(ArgumentError) -> ScopedTerminalView<AppFeature.State, AppFeature.Action> {
    guard let index = owners[invocation.command.name] else {
      throw ArgumentError("no feature has the command \(ArgumentError.quote(invocation.command.name))")
    }
    return features[index].view
  }
}
