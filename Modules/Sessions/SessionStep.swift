import Foundation

/// One point of a replayed session, to step to: the state after an action, the change it made,
/// and the app's display then. Step 0 is the start, before any action.
public struct SessionStep: Equatable, Sendable {
  /// The step's number: 0 for the start, then one per action processed.
  public var number: Int
  /// The last line fed before the action, if any.
  public var line: String?
  /// That line's number among the session's lines.
  public var lineNumber: Int?
  /// The action's custom dump; `nil` for the start.
  public var action: String?
  /// Where the action came from.
  public var origin: SessionEvent.ActionOrigin?
  /// The change the action made to the state, in custom dump's diff format; `nil` when it
  /// changed nothing (and for the start).
  public var change: String?
  /// The whole state after the action, dumped.
  public var state: String
  /// The app's display after the action, as the app drew it.
  public var display: [String]

  /// Creates a step.
  public init(
    number: Int, line: String?, lineNumber: Int?, action: String?, origin: SessionEvent.ActionOrigin?,
    change: String?, state: String, display: [String]
  ) {
    self.number = number
    self.line = line
    self.lineNumber = lineNumber
    self.action = action
    self.origin = origin
    self.change = change
    self.state = state
    self.display = display
  }

  /// The action on one line: its dump's lines joined.
  public var actionSummary: String {
    guard let action else { return "(start)" }
    let oneLine = action.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    return oneLine.replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
  }
}
