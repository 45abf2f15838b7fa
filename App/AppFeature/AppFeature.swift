import ComposableCore
import CounterFeature
import NumberFactFeature
import Persistence
import SettingsFeature
import TodosFeature

/// The whole app: the four features side by side, composed with ``Scope``, sharing state the
/// root owns and hands down.
///
/// - The count is persisted with `.appStorage("count")`: ``Counter`` changes it,
///   ``NumberFact`` reads it.
/// - ``Settings`` owns the settings; the counter reads the step, the number fact the fact
///   kind, the todos whether completed todos sort to the bottom, the front end the color mode.
/// - Todos live in the database, `todos.sqlite` (`\.defaultDatabase`), read a window at a time;
///   the facts fetched are kept in `facts.json` (``SharedReaderKey/factHistory``).
@Reducer
public struct AppFeature {
  /// The state of every feature, wired to the shared values they read.
  @ObservableState
  public struct State: Equatable {
    /// The counter.
    public var counter: Counter.State
    /// The number fact about the count.
    public var numberFact: NumberFact.State
    /// The settings.
    public var settings: Settings.State
    /// The todo list.
    public var todos: Todos.State

    /// Creates the app's state from its persisted values, in the data directory of the
    /// dependencies in force.
    public init() {
      let settings = Settings.State()
      let count = Shared(.count)
      self.counter = Counter.State(count: count, step: SharedReader(settings.$step))
      self.numberFact = NumberFact.State(
        count: SharedReader(count),
        kind: SharedReader(settings.$factKind),
        history: Shared(.factHistory)
      )
      self.settings = settings
      self.todos = Todos.State(sortCompleted: SharedReader(settings.$sortCompleted))
    }

    /// Problems met saving persisted values (the last write of each failed), one line each.
    public var saveErrors: [String] {
      unique([counter.$count.saveError, settings.$step.saveError, numberFact.$history.saveError])
    }

    private func unique(_ errors: [(any Error)?]) -> [String] {
      var seen: Set<String> = []
      return errors.compactMap { $0.map { "\($0)" } }.filter { seen.insert($0).inserted }
    }
  }

  /// An action of one of the features.
  public enum Action {
    /// An action of the counter.
    case counter(Counter.Action)
    /// An action of the number fact.
    case numberFact(NumberFact.Action)
    /// An action of the settings.
    case settings(Settings.Action)
    /// An action of the todo list.
    case todos(Todos.Action)
  }

  /// Creates the root reducer.
  public init() {}

  /// The four features, and the one rule between them: a changed count clears the shown fact.
  ///
  /// The rule runs the number fact's own logic for a new count (`NumberFact.countChanged`) in the
  /// same send, as TCA's performance guide advises for logic a parent shares with a child,
  /// rather than sending the child an action: an action sent back goes through every `Scope`
  /// again.
  public var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(state: \.counter, action: \.counter) { Counter() }
      Scope(state: \.numberFact, action: \.numberFact) { NumberFact() }
      Scope(state: \.settings, action: \.settings) { Settings() }
      Scope(state: \.todos, action: \.todos) { Todos() }
    }
    .onChange(of: \.counter.count) { _, state in
      NumberFact.countChanged(&state.numberFact).map(Action.numberFact)
    }
  }
}
