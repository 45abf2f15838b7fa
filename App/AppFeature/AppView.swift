import ComposableCore
import CounterFeature
import NumberFactFeature
import SettingsFeature
import TerminalUI
import TodosFeature

/// The app's terminal view: each feature's view, scoped by the key path and case key path of
/// `AppFeature`'s `Scope`s, drawn one after another. A command goes to the feature that declares
/// it (command names are unique across features); help lists them by feature.
public struct AppView: TerminalView {
  /// Creates the view.
  public init() {}

  /// The counter, the number fact, the todos and the settings.
  public var body: some TerminalView<AppFeature.State, AppFeature.Action> {
    TerminalScope("Counter", state: \.counter, action: \.counter) { CounterView() }
    TerminalScope("Number facts", state: \.numberFact, action: \.numberFact) { NumberFactView() }
    TerminalScope("Todos", state: \.todos, action: \.todos) { TodosView() }
    TerminalScope("Settings", state: \.settings, action: \.settings) { SettingsView() }
  }
}
