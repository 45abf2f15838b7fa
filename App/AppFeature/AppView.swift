import CounterFeature
import NumberFactFeature
import SettingsFeature
import TerminalUI
import TodosFeature

/// The app's terminal view: routes each command to the feature view that owns it (command
/// names are unique across features), and renders the four features one after another.
public struct AppView: GroupedTerminalView {
  private let counter = CounterView()
  private let numberFact = NumberFactView()
  private let settings = SettingsView()
  private let todos = TodosView()

  /// Creates the view.
  public init() {}

  /// The commands of each feature, grouped by feature.
  public var commandGroups: [CommandGroup] {
    [
      CommandGroup(title: "Counter", commands: counter.commands),
      CommandGroup(title: "Number facts", commands: numberFact.commands),
      CommandGroup(title: "Todos", commands: todos.commands),
      CommandGroup(title: "Settings", commands: settings.commands),
    ]
  }

  /// Hands the invocation to the feature view that declares its command.
  public func interpret(
    _ invocation: Invocation, state: AppFeature.State
  ) throws(ArgumentError) -> CommandOutcome<AppFeature.Action> {
    let command = invocation.command
    if counter.commands.contains(command) {
      return try counter.interpret(invocation, state: state.counter).map(AppFeature.Action.counter)
    }
    if numberFact.commands.contains(command) {
      return try numberFact.interpret(invocation, state: state.numberFact).map(AppFeature.Action.numberFact)
    }
    if todos.commands.contains(command) {
      return try todos.interpret(invocation, state: state.todos).map(AppFeature.Action.todos)
    }
    return try settings.interpret(invocation, state: state.settings).map(AppFeature.Action.settings)
  }

  /// The question a feature asks, if one does: the next line answers it.
  public func prompt(for state: AppFeature.State) -> TerminalPrompt<AppFeature.Action>? {
    if let prompt = todos.prompt(for: state.todos) {
      return prompt.map(AppFeature.Action.todos)
    }
    if let prompt = settings.prompt(for: state.settings) {
      return prompt.map(AppFeature.Action.settings)
    }
    return nil
  }

  /// The counter, the number fact, the todos and the settings, one after another.
  public func render(_ state: AppFeature.State, style: TextStyle) -> [String] {
    counter.render(state.counter, style: style)
      + numberFact.render(state.numberFact, style: style)
      + todos.render(state.todos, style: style)
      + settings.render(state.settings, style: style)
  }
}
