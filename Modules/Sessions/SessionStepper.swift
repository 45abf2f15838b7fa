import ComposableCore

/// Stepping through a replayed session, as a feature of its own: the steps the replay kept, and
/// the one shown. `app replay <file> --step` runs it as a `TerminalProgram`, so the line editor,
/// history and Tab completion work as in the app, and a script can pipe its commands.
@Reducer
public struct SessionStepper {
  /// The steps, and where the stepper is.
  @ObservableState
  public struct State: Equatable {
    /// Every step of the replay; never changes.
    public var steps: Steps
    /// The step shown.
    public var position = 0
    /// What the replay came to, said at the start and with `actions`.
    public var summary: String

    /// The stepper at the start of `steps`.
    public init(steps: [SessionStep], summary: String) {
      self.steps = Steps(steps)
      self.summary = summary
    }

    /// The step shown.
    public var step: SessionStep { steps.all[position] }
    /// The last step's number.
    public var last: Int { steps.all.count - 1 }
  }

  /// Moving through the steps.
  public enum Action: Equatable, Sendable {
    /// Forward `count` steps (up to the last).
    case next(Int)
    /// Back `count` steps (down to the start).
    case previous(Int)
    /// To step `number`.
    case goTo(Int)
  }

  /// Creates the reducer.
  public init() {}

  /// Moves the position, keeping it within the steps.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .next(let count):
        state.position = min(state.last, state.position + count)
      case .previous(let count):
        state.position = max(0, state.position - count)
      case .goTo(let number):
        state.position = min(state.last, max(0, number))
      }
      return .none
    }
  }
}

extension SessionStepper {
  /// The steps of a replay: a value that never changes once made, compared by identity (two
  /// steppers hold the same steps only if made from the same replay).
  public final class Steps: Equatable, Sendable {
    /// The steps, step 0 first.
    public let all: [SessionStep]

    /// Holds `steps`.
    public init(_ steps: [SessionStep]) {
      self.all = steps
    }

    public static func == (lhs: Steps, rhs: Steps) -> Bool { lhs === rhs }
  }
}
