/// A titled group of commands, for help that lists commands by feature.
public struct CommandGroup: Equatable, Sendable {
  /// The group's title, e.g. the feature's name; empty for a view's own commands.
  public var title: String
  /// The commands, in the order help lists them.
  public var commands: [Command]

  /// Creates a group.
  public init(title: String, commands: [Command]) {
    self.title = title
    self.commands = commands
  }
}
