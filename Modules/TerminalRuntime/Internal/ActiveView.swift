import TerminalUI

/// What a program shows and understands at one moment: the screen a feature pushed over the
/// view, or the view itself. Worked out once per frame; every command, completion and help
/// request asks it rather than asking again whether a screen is pushed.
enum ActiveView<State, Action> {
  /// No screen is pushed: the view's commands, understood in the store's state.
  case view(ProgramView<State, Action>)
  /// A pushed screen: its commands and `back`.
  case screen(TerminalScreen<Action>)

  /// The view or the screen `frame` shows.
  init(frame: TerminalFrame<Action>, view: ProgramView<State, Action>) {
    if let screen = frame.screen {
      self = .screen(screen)
    } else {
      self = .view(view)
    }
  }

  /// The pushed screen's breadcrumb, or `nil` for the view.
  var title: String? {
    guard case .screen(let screen) = self else { return nil }
    return screen.title
  }

  /// The commands understood: the view's, or the screen's and `back`.
  var commands: [Command] {
    switch self {
    case .view(let view): view.commands
    case .screen(let screen): screen.commands + [TerminalScreen<Action>.backCommand]
    }
  }

  /// The action `back` sends: the pushed screen's pop, or `nil` when nothing is pushed.
  var back: Action? {
    guard case .screen(let screen) = self else { return nil }
    return screen.back
  }

  /// What `invocation` does, `state` being the store's state now.
  func interpret(_ invocation: Invocation, state: State) throws(ArgumentError) -> CommandOutcome<Action> {
    switch self {
    case .view(let view): try view.view.interpret(invocation, state: state)
    case .screen(let screen): try screen.interpret(invocation)
    }
  }

  /// The values the argument being typed can take, for Tab completion.
  func completions(for invocation: Invocation, state: State) -> [String] {
    switch self {
    case .view(let view): view.view.completions(for: invocation, state: state)
    case .screen(let screen): screen.completions(for: invocation)
    }
  }
}

/// A program's view, prepared once, with its commands, asked for once (a view may build them
/// from its groups each time it is asked). Held by reference: an ``ActiveView``, and the frame
/// a program keeps with one, are then copied by code generic over the view's action without
/// looking up their type's metadata, which that code does for a value holding an existential.
final class ProgramView<State, Action> {
  /// The view.
  let view: any TerminalView<State, Action>
  /// Its commands.
  let commands: [Command]

  init(_ view: any TerminalView<State, Action>) {
    self.view = view
    self.commands = view.commands
  }
}
