import AppDependencies
import ComposableCore
import Persistence
import TerminalUI

/// The app's settings, each persisted in app storage under its own key.
///
/// Settings owns the values; other features read them through `SharedReader`s the parent builds
/// from the same typed keys, so a change made here reaches them at once:
///
/// ```swift
/// let settings = Settings.State()
/// let step = SharedReader(settings.$step)   // or SharedReader(.step)
/// ```
@Reducer
public struct Settings {
  /// The settings' state: one shared, persisted value per setting.
  @ObservableState
  public struct State: Equatable {
    /// The kind of number fact to fetch; ``SharedReaderKey/factKind``.
    @Shared public var factKind: FactKind
    /// How far the counter moves per tap, from ``Settings/stepRange``; ``SharedReaderKey/step``.
    @Shared public var step: Int
    /// Whether output is coloured; ``SharedReaderKey/colorMode``.
    @Shared public var colorMode: ColorMode
    /// Whether completed todos sort to the bottom; ``SharedReaderKey/sortCompleted``.
    @Shared public var sortCompleted: Bool
    /// The question before resetting every setting, while it is asked.
    @Presents public var alert: AlertState<Action.Alert>?

    /// Creates the state from the settings' keys: stored values, or their defaults.
    public init() {
      _factKind = Shared(.factKind)
      _step = Shared(.step)
      _colorMode = Shared(.colorMode)
      _sortCompleted = Shared(.sortCompleted)
    }
  }

  /// What can happen to the settings.
  public enum Action: Equatable, Sendable {
    /// The answer to the question the settings ask.
    case alert(PresentationAction<Alert>)
    /// The user chose whether output is coloured.
    case colorModeChanged(ColorMode)
    /// The user chose a kind of number fact.
    case factKindChanged(FactKind)
    /// The user asked to put every setting back to its default: the settings ask first.
    case resetButtonTapped
    /// The user chose whether completed todos sort to the bottom.
    case sortCompletedChanged(Bool)
    /// The user chose a step; one outside ``Settings/stepRange`` is ignored.
    case stepChanged(Int)

    /// The answers to the settings' questions.
    @CasePathable
    public enum Alert: Equatable, Sendable {
      /// Yes, put every setting back to its default.
      case confirmReset
    }
  }

  /// The steps a counter may move by.
  public static let stepRange = 1...1000

  /// Creates the reducer.
  public init() {}

  /// Writes each change into its shared value, which persists it.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .colorModeChanged(let colorMode):
        state.$colorMode.withLock { $0 = colorMode }
        return .none

      case .factKindChanged(let factKind):
        state.$factKind.withLock { $0 = factKind }
        return .none

      case .alert(.presented(.confirmReset)):
        state.$factKind.withLock { $0 = Settings.Default.factKind }
        state.$step.withLock { $0 = Settings.Default.step }
        state.$colorMode.withLock { $0 = Settings.Default.colorMode }
        state.$sortCompleted.withLock { $0 = Settings.Default.sortCompleted }
        return .none

      case .alert:
        return .none

      case .resetButtonTapped:
        state.alert = .resetSettings
        return .none

      case .sortCompletedChanged(let sortCompleted):
        state.$sortCompleted.withLock { $0 = sortCompleted }
        return .none

      case .stepChanged(let step):
        // NB: The view rejects a bad step with a message; the reducer guards the stored value too.
        guard Settings.stepRange.contains(step) else { return .none }
        state.$step.withLock { $0 = step }
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}
