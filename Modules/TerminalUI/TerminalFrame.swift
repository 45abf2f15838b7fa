/// What a program draws for a view at one moment: the view's lines, the screen it pushes over
/// them, if any, and the question it asks, if any — found together, so that a view made of
/// features reads each feature's state once (``TerminalView/frame(for:style:cache:)``).
public struct TerminalFrame<Action> {
  /// The view's own lines, shown when no screen is pushed.
  public var lines: [String]
  /// The screen pushed over the view, if any.
  public var screen: TerminalScreen<Action>?
  /// The question the view asks, if any.
  public var question: TerminalQuestion<Action>?

  /// Creates a frame.
  public init(lines: [String], screen: TerminalScreen<Action>?, question: TerminalQuestion<Action>?) {
    self.lines = lines
    self.screen = screen
    self.question = question
  }

  /// The question asked now: the pushed screen's, else the view's.
  public var currentQuestion: TerminalQuestion<Action>? {
    screen?.question ?? question
  }

  /// What the terminal shows for this frame: the pushed screen under its breadcrumb, else the
  /// view's lines; then the question, if one is asked.
  public func displayLines(style: TextStyle) -> [String] {
    let shown = screen?.render(style: style) ?? lines
    guard let question = currentQuestion else { return shown }
    return shown + question.lines(style: style)
  }
}
