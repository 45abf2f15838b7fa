import ComposableCore
import TerminalUI

/// The settings' terminal view: `settings` shows them, `set <name> <value>` changes one, and
/// `set reset` puts them all back, after a confirmation.
///
/// ```
/// > set step 5
/// > settings
/// fact-kind: trivia
/// step: 5
/// color: auto
/// sort-completed: on
/// ```
public struct SettingsView: TerminalView {
  static let show = Command("settings", summary: "Show the settings")
  static let set = Command(
    "set",
    arguments: "<name> <value> | reset",
    summary: "Change a setting (\(Setting.allCases.map(\.usage).joined(separator: ", "))), or reset them all"
  )

  /// Creates the view.
  public init() {}

  /// `settings` and `set`.
  public var commands: [Command] { [Self.show, Self.set] }

  /// Prints the settings for `settings`; turns `set` into a change, rejecting unknown names and
  /// invalid values with a message that says what is allowed.
  public func interpret(
    _ invocation: Invocation,
    state: Settings.State
  ) throws(ArgumentError) -> CommandOutcome<Settings.Action> {
    switch invocation.command {
    case Self.show:
      try invocation.noArguments()
      return .print(render(state, style: .plain))
    case Self.set:
      return .send(try change(invocation))
    default:
      throw ArgumentError("the settings have no command \"\(invocation.command.name)\"")
    }
  }

  /// For `set`: the settings' names and `reset`, then the values of the setting named.
  public func completions(for invocation: Invocation, state: Settings.State) -> [String] {
    guard invocation.command == Self.set else { return [] }
    switch invocation.arguments.count {
    case 0: return Setting.allCases.map(\.rawValue) + ["reset"]
    case 1: return Setting(rawValue: invocation.arguments[0])?.choices ?? []
    default: return []
    }
  }

  /// The question before resetting: `Reset every setting to its default? [y/N]`.
  public func question(for state: Settings.State) -> TerminalQuestion<Settings.Action>? {
    .alert(state, state: \.alert, action: \.alert)
  }

  /// One `name: value` line per setting, the names in bold.
  public func render(_ state: Settings.State, style: TextStyle) -> [String] {
    Setting.allCases.map { "\(style.bold("\($0.rawValue):")) \($0.value(in: state))" }
  }

  private func change(_ invocation: Invocation) throws(ArgumentError) -> Settings.Action {
    let name = try invocation.word(at: 0, named: "name")
    let values = invocation.arguments.dropFirst()
    if name == "reset" {
      guard values.isEmpty else {
        throw ArgumentError("set reset takes no value, got \(ArgumentError.quote(values.joined(separator: " ")))")
      }
      return .resetButtonTapped
    }
    guard let setting = Setting(rawValue: name) else {
      let names = Setting.allCases.map(\.rawValue).joined(separator: ", ")
      throw ArgumentError("no setting \(ArgumentError.quote(name)): settings are \(names)")
    }
    guard values.count <= 1 else {
      throw ArgumentError("set \(name) takes one value, got \(ArgumentError.quote(values.joined(separator: " ")))")
    }
    switch setting {
    case .factKind:
      return .factKindChanged(try invocation.choice(at: 1, named: name))
    case .step:
      return .stepChanged(try invocation.integer(at: 1, named: name, in: Settings.stepRange))
    case .color:
      return .colorModeChanged(try invocation.choice(at: 1, named: name))
    case .sortCompleted:
      return .sortCompletedChanged(try invocation.choice(at: 1, named: name, as: Switch.self).isOn)
    }
  }
}

extension ColorMode {
  /// The coloring this setting asks the terminal for.
  public var coloring: TextStyle.Coloring {
    switch self {
    case .auto: .auto
    case .on: .always
    case .off: .never
    }
  }
}
