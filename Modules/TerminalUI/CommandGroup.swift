/// A titled group of commands, for help that lists commands by feature.
public struct CommandGroup: Equatable, Sendable {
  /// The group's title, e.g. the feature's name.
  public var title: String
  /// The commands, in the order help lists them.
  public var commands: [Command]

  /// Creates a group.
  public init(title: String, commands: [Command]) {
    self.title = title
    self.commands = commands
  }
}

/// A view made of other views, whose help lists commands grouped by the view they belong to.
public protocol GroupedTerminalView<State, Action>: TerminalView {
  /// The commands, grouped.
  var commandGroups: [CommandGroup] { get }
}

extension GroupedTerminalView {
  /// All commands of all groups.
  public var commands: [Command] {
    commandGroups.flatMap(\.commands)
  }
}
