/// A screen pushed over a view, as a navigation stack pushes a screen over its root: the top
/// element of a feature's `StackState`, with the view that shows it.
///
/// While a view has a screen, the terminal shows that screen instead of the view, under a
/// breadcrumb, and understands the screen's commands and `back`, which sends ``back``:
///
/// ```
/// todos › todo 2
///   [ ] Buy milk
///   notes: none — add some with note <text>
/// ```
///
/// A view returns its screen from ``TerminalView/screen(for:)``, scoped from the stack its
/// reducer runs (``stack(_:state:action:root:title:screen:)``):
///
/// ```swift
/// .stack(state, state: \.path, action: \.path, root: "todos", title: { label(of: $0.id, in: state) }) {
///   TodoEditorView()
/// }
/// ```
public struct TerminalScreen<Action> {
  /// Where the screen is: the root's name, then one entry per screen down to this one.
  public var breadcrumb: [String] {
    get { storage.breadcrumb }
    set { storage = storage.with(breadcrumb: newValue) }
  }
  /// The screen's commands, in the order help lists them.
  public var commands: [Command] { storage.commands }
  /// The action `back` sends: the one that pops this screen.
  public var back: Action { storage.backAction() }
  // NB: One reference, not its parts: a screen, and a frame holding one, are then copied by
  //     code generic over the action (a program's, a composed view's) without looking up their
  //     type's metadata, which that code does for a value of more than a few references.
  private var storage: Storage

  /// What a screen holds, shared by its copies.
  private final class Storage {
    let breadcrumb: [String]
    let commands: [Command]
    // NB: Held in a closure, not as an `Action`: a screen then has the same layout whatever
    //     the action is.
    let backAction: () -> Action
    let renderLines: (TextStyle) -> [String]
    let interpretInvocation: (Invocation) throws(ArgumentError) -> CommandOutcome<Action>
    let currentQuestion: () -> TerminalQuestion<Action>?
    let argumentCompletions: (Invocation) -> [String]

    init(
      breadcrumb: [String],
      commands: [Command],
      backAction: @escaping () -> Action,
      renderLines: @escaping (TextStyle) -> [String],
      interpretInvocation: @escaping (Invocation) throws(ArgumentError) -> CommandOutcome<Action>,
      currentQuestion: @escaping () -> TerminalQuestion<Action>?,
      argumentCompletions: @escaping (Invocation) -> [String]
    ) {
      self.breadcrumb = breadcrumb
      self.commands = commands
      self.backAction = backAction
      self.renderLines = renderLines
      self.interpretInvocation = interpretInvocation
      self.currentQuestion = currentQuestion
      self.argumentCompletions = argumentCompletions
    }

    /// The same, under another breadcrumb.
    func with(breadcrumb: [String]) -> Storage {
      Storage(
        breadcrumb: breadcrumb, commands: commands, backAction: backAction, renderLines: renderLines,
        interpretInvocation: interpretInvocation, currentQuestion: currentQuestion,
        argumentCompletions: argumentCompletions
      )
    }
  }

  /// The screen `view` shows for `state`, its actions embedded in the parent's by `embed`.
  public init<View: TerminalView>(
    _ view: View,
    state: View.State,
    breadcrumb: [String],
    back: Action,
    embed: @escaping (View.Action) -> Action
  ) {
    storage = Storage(
      breadcrumb: breadcrumb,
      commands: view.commands,
      backAction: { back },
      renderLines: { style in view.render(state, style: style) },
      interpretInvocation: { invocation throws(ArgumentError) in
        try view.interpret(invocation, state: state).map(embed)
      },
      currentQuestion: { view.question(for: state)?.map(embed) },
      argumentCompletions: { view.completions(for: $0, state: state) }
    )
  }

  private init(
    breadcrumb: [String],
    commands: [Command],
    back: Action,
    render: @escaping (TextStyle) -> [String],
    interpret: @escaping (Invocation) throws(ArgumentError) -> CommandOutcome<Action>,
    question: @escaping () -> TerminalQuestion<Action>?,
    completions: @escaping (Invocation) -> [String]
  ) {
    storage = Storage(
      breadcrumb: breadcrumb,
      commands: commands,
      backAction: { back },
      renderLines: render,
      interpretInvocation: interpret,
      currentQuestion: question,
      argumentCompletions: completions
    )
  }

  /// The command that pops a screen.
  public static var backCommand: Command {
    BuiltInCommand.back
  }

  /// The breadcrumb as one line: `todos › todo 2`.
  public var title: String {
    breadcrumb.joined(separator: " › ")
  }

  /// The breadcrumb, in bold, then the view's lines.
  public func render(style: TextStyle) -> [String] {
    [style.bold(title)] + storage.renderLines(style)
  }

  /// What `invocation` of one of ``commands`` does.
  public func interpret(_ invocation: Invocation) throws(ArgumentError) -> CommandOutcome<Action> {
    try storage.interpretInvocation(invocation)
  }

  /// The values the argument being typed can take, for Tab completion: the screen's view's
  /// ``TerminalView/completions(for:state:)``.
  public func completions(for invocation: Invocation) -> [String] {
    storage.argumentCompletions(invocation)
  }

  /// The question the screen asks, if any.
  public var question: TerminalQuestion<Action>? {
    storage.currentQuestion()
  }

  /// Matches tokenized words against ``commands``: `nil` when there are none or the first is
  /// not one of the screen's commands.
  public func invocation(of words: [String]) -> Invocation? {
    guard let first = words.first, let command = commands.first(where: { $0.matches(first) })
    else { return nil }
    return Invocation(command: command, arguments: Array(words.dropFirst()))
  }

  /// The same screen with its lines in `style` and its question worked out now, once: a frame
  /// reads everything it will show while its reads are noted, so a change to the screen's state
  /// (its alert, its todo) makes the frame stale.
  func evaluated(style: TextStyle) -> Self {
    let lines = storage.renderLines(style)
    let question = storage.currentQuestion()
    return Self(
      breadcrumb: breadcrumb,
      commands: commands,
      back: back,
      render: { _ in lines },
      interpret: storage.interpretInvocation,
      question: { question },
      completions: storage.argumentCompletions
    )
  }

  /// The same screen sending other actions, e.g. a child's screen in its parent's domain.
  public func map<T>(_ transform: @escaping (Action) -> T) -> TerminalScreen<T> {
    TerminalScreen<T>(
      breadcrumb: breadcrumb,
      commands: commands,
      back: transform(back),
      render: storage.renderLines,
      interpret: { [interpretInvocation = storage.interpretInvocation] invocation throws(ArgumentError) in
        try interpretInvocation(invocation).map(transform)
      },
      question: { [currentQuestion = storage.currentQuestion] in currentQuestion()?.map(transform) },
      completions: storage.argumentCompletions
    )
  }
}
