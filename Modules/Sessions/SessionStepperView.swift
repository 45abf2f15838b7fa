import TerminalUI

/// The stepper's terminal view: where it is in the session, the app's display as it was then (a
/// move prints the lines that changed, as the app does; `display` prints it whole), and commands
/// to move and to look.
///
/// ```
/// > next
/// step 1 of 3 · line 1 "inc" · AppFeature.Action.counter(.incrementButtonTapped) from the line
///   count: 1
///   …
/// > diff
/// ```
public struct SessionStepperView: TerminalView {
  static let next = Command("next", aliases: ["n"], arguments: "[count]", summary: "Go to the next action, or count actions on")
  static let previous = Command("previous", aliases: ["prev", "p"], arguments: "[count]", summary: "Go to the previous action, or count actions back")
  static let goTo = Command("goto", arguments: "<step>", summary: "Go to a step (0 is the start)")
  static let actions = Command("actions", summary: "List the actions, numbered, this one marked")
  static let state = Command("state", summary: "Print the whole state at this step")
  static let diff = Command("diff", summary: "Print what this step's action changed")
  static let display = Command("display", summary: "Print the app's whole display at this step")

  /// Creates the view.
  public init() {}

  /// Moving (`next`, `previous`, `goto`) and looking (`actions`, `state`, `diff`, `display`).
  public var commands: [Command] { [Self.next, Self.previous, Self.goTo, Self.actions, Self.state, Self.diff, Self.display] }

  /// Turns a command into a move, or the lines it prints.
  public func interpret(
    _ invocation: Invocation,
    state: SessionStepper.State
  ) throws(ArgumentError) -> CommandOutcome<SessionStepper.Action> {
    let steps = max(1, state.last)
    switch invocation.command {
    case Self.next:
      return .send(.next(invocation.arguments.isEmpty ? 1 : try invocation.integer(at: 0, named: "count", in: 1...steps)))
    case Self.previous:
      return .send(.previous(invocation.arguments.isEmpty ? 1 : try invocation.integer(at: 0, named: "count", in: 1...steps)))
    case Self.goTo:
      return .send(.goTo(try invocation.integer(at: 0, named: "step", in: 0...state.last)))
    case Self.actions:
      try invocation.noArguments()
      return .print(actionList(state))
    case Self.state:
      try invocation.noArguments()
      return .print(state.step.state.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    case Self.diff:
      try invocation.noArguments()
      guard state.step.action != nil else { return .print(["(the start: no action yet)"]) }
      guard let change = state.step.change else { return .print(["(No state changes)"]) }
      return .print(change.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    case Self.display:
      // NB: A move prints only the lines of the display that changed, as the app does; this
      //     prints all of it.
      try invocation.noArguments()
      return .print(state.step.display)
    default:
      throw ArgumentError("the stepper has no command \"\(invocation.command.name)\"")
    }
  }

  /// Where the stepper is, then the app's display at that step, indented.
  public func render(_ state: SessionStepper.State, style: TextStyle) -> [String] {
    [style.bold(heading(state.step, of: state.last))] + state.step.display.map { "  " + $0 }
  }

  /// The step numbers `goto` can take, and counts for `next` and `previous`.
  public func completions(for invocation: Invocation, state: SessionStepper.State) -> [String] {
    guard invocation.command == Self.goTo, invocation.arguments.isEmpty else { return [] }
    return ["0", String(state.last)]
  }

  func heading(_ step: SessionStep, of last: Int) -> String {
    guard step.action != nil else { return "step 0 of \(last) · the start" }
    let line = step.line.map { " · line \(step.lineNumber ?? 0) \"\($0)\"" } ?? ""
    let origin = step.origin == .line ? "from the line" : "from an effect"
    return "step \(step.number) of \(last)\(line) · \(step.actionSummary) \(origin)"
  }

  func actionList(_ state: SessionStepper.State) -> [String] {
    [state.summary] + state.steps.all.dropFirst().map { step in
      let marker = step.number == state.position ? ">" : " "
      let origin = step.origin == .line ? "line" : "effect"
      return "\(marker) \(step.number). \(step.actionSummary) (\(origin))"
    }
  }
}
