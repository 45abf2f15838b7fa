import AppFeature
import ComposableCore
import CounterFeature
import NumberFactFeature
import Persistence
import SettingsFeature
import TerminalUI
import TodosFeature

/// What the executable runs, records and replays: the whole app, or one feature alone, named
/// as a session file's header names it (`app`, `counter`, `fact`, `settings`, `todos`).
enum RunnableFeature: Equatable, Sendable {
  /// The whole app.
  case app
  /// One feature alone, as `app preview` runs it.
  case preview(FeaturePreview)

  /// The feature named `name`, if there is one.
  init?(name: String) {
    if name == "app" {
      self = .app
    } else if let preview = FeaturePreview(rawValue: name) {
      self = .preview(preview)
    } else {
      return nil
    }
  }

  /// Every name a session may give.
  static let names = ["app"] + FeaturePreview.allCases.map(\.rawValue)

  /// The name a session file gives it.
  var name: String {
    switch self {
    case .app: "app"
    case .preview(let feature): feature.rawValue
    }
  }

  /// Whether it is one feature alone, which runs and records as a preview: in the preview
  /// context, with no history of the user's lines. (A replay runs in the test context.)
  var isPreview: Bool { self != .app }

  /// Whether it shows todos, and so opens the todos database of its data directory.
  var showsTodos: Bool { self == .app || self == .preview(.todos) }

  /// The context its dependencies run in, set in `values`: a feature alone is a preview.
  func setContext(in values: inout DependencyValues) {
    if isPreview { values.context = .preview }
  }

  /// The lines a typed run starts with.
  var banner: String {
    switch self {
    case .app: "Counter, number facts, todos and settings. Type help for the commands."
    case .preview(let feature): feature.banner
    }
  }

  /// Hands `opener` the feature's reducer, view, initial state, coloring and the data it could
  /// not save, with their types.
  @MainActor
  func open<Opener: FeatureOpener>(with opener: Opener) async -> Opener.Output {
    switch self {
    case .app:
      await opener.open(
        AppFeature(), AppView(), state: { AppFeature.State() }, coloring: { { $0.settings.colorMode.coloring } },
        saveErrors: \.saveErrors
      )
    case .preview(.counter):
      await opener.open(Counter(), CounterView(), state: {
        Counter.State(count: Shared(.count), step: SharedReader(.step))
      }, coloring: Self.storedColoring, saveErrors: { _ in [] })
    case .preview(.fact):
      await opener.open(NumberFact(), NumberFactView(), state: {
        NumberFact.State(count: SharedReader(.count), kind: SharedReader(.factKind), history: Shared(.factHistory))
      }, coloring: Self.storedColoring, saveErrors: { _ in [] })
    case .preview(.settings):
      await opener.open(Settings(), SettingsView(), state: { Settings.State() }, coloring: Self.storedColoring, saveErrors: { _ in [] })
    case .preview(.todos):
      await opener.open(Todos(), TodosView(), state: {
        Todos.State(sortCompleted: SharedReader(.sortCompleted))
      }, coloring: Self.storedColoring, saveErrors: { _ in [] })
    }
  }

  /// A feature alone has no settings in its state: it is colored as the stored setting says, in
  /// the storage of the dependencies in force where the opener calls this.
  private static func storedColoring<State>() -> (State) -> TextStyle.Coloring {
    let colorMode = SharedReader(.colorMode)
    return { _ in colorMode.wrappedValue.coloring }
  }
}

/// Does something with a feature whose types only ``RunnableFeature/open(with:)`` knows: runs
/// it, records it, replays it.
@MainActor
protocol FeatureOpener {
  /// What doing it comes to: an exit status, a replay's result.
  associatedtype Output

  /// Does it with the feature's reducer, its view, a way to make its initial state, a way to
  /// make the coloring its state asks for (each under the dependencies in force where it is
  /// called: a replay's, not the user's), and the data its state could not save.
  func open<R: Reducer, V: TerminalView>(
    _ reducer: R,
    _ view: V,
    state: @escaping () -> R.State,
    coloring: @escaping () -> (R.State) -> TextStyle.Coloring,
    saveErrors: @escaping (R.State) -> [String]
  ) async -> Output where V.State == R.State, V.Action == R.Action
}
