/// Builds a composed view's ``TerminalView/body`` from its children, as `@ReducerBuilder`
/// builds a reducer's: the views listed one after another, drawn in that order.
@resultBuilder
public enum TerminalViewBuilder<State, Action> {
  /// A child view.
  public static func buildExpression(_ view: some TerminalView<State, Action>) -> [any TerminalView<State, Action>] {
    [view]
  }

  /// The children, in order.
  public static func buildBlock(_ children: [any TerminalView<State, Action>]...) -> [any TerminalView<State, Action>] {
    children.flatMap { $0 }
  }

  /// A child shown only when a condition holds.
  public static func buildOptional(_ children: [any TerminalView<State, Action>]?) -> [any TerminalView<State, Action>] {
    children ?? []
  }

  /// The children of the branch taken.
  public static func buildEither(first children: [any TerminalView<State, Action>]) -> [any TerminalView<State, Action>] {
    children
  }

  /// The children of the branch taken.
  public static func buildEither(second children: [any TerminalView<State, Action>]) -> [any TerminalView<State, Action>] {
    children
  }

  /// The composed view.
  public static func buildFinalResult(_ children: [any TerminalView<State, Action>]) -> TerminalViewGroup<State, Action> {
    TerminalViewGroup(children)
  }
}

/// Views drawn one after another on one state: what a ``TerminalViewBuilder`` makes of a body.
///
/// Their lines follow one another; the first pushed screen and the first question among them
/// are the view's; a command goes to the child that declares it (names are unique across a
/// composed view's children).
public struct TerminalViewGroup<State, Action>: TerminalView {
  /// The children, in the order they are drawn.
  public let children: [any TerminalView<State, Action>]
  /// The position in ``children`` of the child declaring each command name.
  private let owners: [String: Int]
  /// The children again, linked one to the next, for what runs at every command (a frame, a
  /// command's interpretation): code generic over the views looks up the metadata of an array
  /// of them, and of the existential, at every use of the array; a chain of objects is walked
  /// without.
  private let chain: ChildLink<State, Action>?

  /// Views drawn in the order given.
  public init(_ children: [any TerminalView<State, Action>]) {
    self.children = children
    var owners: [String: Int] = [:]
    for (position, child) in children.enumerated() {
      for command in child.commands where owners[command.name] == nil {
        owners[command.name] = position
      }
    }
    self.owners = owners
    self.chain = children.indices.reversed().reduce(nil) { next, position in
      ChildLink(children[position], position: position, next: next)
    }
  }

  /// Every child's commands.
  public var commands: [Command] {
    children.flatMap(\.commands)
  }

  /// Every child's groups.
  public var commandGroups: [CommandGroup] {
    children.flatMap(\.commandGroups)
  }

  /// The child that declares the invocation's command makes of it what it does.
  public func interpret(_ invocation: Invocation, state: State) throws(ArgumentError) -> CommandOutcome<Action> {
    try owner(of: invocation).view.interpret(invocation, state: state)
  }

  /// Every child's lines, one after another.
  public func render(_ state: State, style: TextStyle) -> [String] {
    children.flatMap { $0.render(state, style: style) }
  }

  /// The first question a child asks.
  public func question(for state: State) -> TerminalQuestion<Action>? {
    children.lazy.compactMap { $0.question(for: state) }.first
  }

  /// The first screen a child has pushed: it is shown instead of the children, and takes the
  /// commands.
  public func screen(for state: State) -> TerminalScreen<Action>? {
    children.lazy.compactMap { $0.screen(for: state) }.first
  }

  /// The completions the child that declares the command offers.
  public func completions(for invocation: Invocation, state: State) -> [String] {
    (try? owner(of: invocation))?.view.completions(for: invocation, state: state) ?? []
  }

  /// Every child's actions for the terminal's new height, in the order the children are drawn.
  public func terminalResized(rows: Int, state: State) -> [Action] {
    children.flatMap { $0.terminalResized(rows: rows, state: state) }
  }

  /// Every child's frame, each from its own cache: the lines one after another, the first
  /// screen and question. A child whose frame is current is not asked again: its kept frame is
  /// used.
  public func _frame(for state: () -> State, style: TextStyle, cache: TerminalFrameCache) -> TerminalFrame<Action> {
    cache.recomposedFrame(of: State.self, style: style) {
      var lines: [String] = []
      var screen: TerminalScreen<Action>?
      var question: TerminalQuestion<Action>?
      var link = chain
      while let child = link {
        link = child.next
        let childCache = cache.child(child.position)
        // NB: Most children's frames are kept and are lines alone: taken as they are.
        if let kept = childCache.keptLines(style: style) {
          lines += kept
          continue
        }
        let part = child.view._frame(for: state, style: style, cache: childCache)
        lines += part.lines
        if screen == nil { screen = part.screen }
        if question == nil { question = part.question }
      }
      return TerminalFrame(lines: lines, screen: screen, question: question)
    }
  }

  private func owner(of invocation: Invocation) throws(ArgumentError) -> ChildLink<State, Action> {
    guard let position = owners[invocation.command.name] else {
      throw ArgumentError("no feature has the command \(ArgumentError.quote(invocation.command.name))")
    }
    var link = chain
    while let child = link, child.position < position { link = child.next }
    // NB: Every position in `owners` is one of the chain's.
    return link!
  }
}

/// One child of a ``TerminalViewGroup`` and the link to the next.
private final class ChildLink<State, Action> {
  let view: any TerminalView<State, Action>
  /// Where the child is among the group's children.
  let position: Int
  let next: ChildLink?

  init(_ view: any TerminalView<State, Action>, position: Int, next: ChildLink?) {
    self.view = view
    self.position = position
    self.next = next
  }
}
