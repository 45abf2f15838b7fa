import AppDependencies
import TerminalUI

/// A setting as the terminal names it, in the order the view lists them.
enum Setting: String, CaseIterable {
  case factKind = "fact-kind"
  case step
  case color
  case sortCompleted = "sort-completed"

  /// The values the setting takes, for completion; none for a number.
  var choices: [String] {
    switch self {
    case .factKind: FactKind.allCases.map(\.rawValue)
    case .step: []
    case .color: ColorMode.allCases.map(\.rawValue)
    case .sortCompleted: Switch.allCases.map(\.rawValue)
    }
  }

  /// The setting and the values it takes, as help shows them: `fact-kind trivia|math|year|date`,
  /// `step 1…1000`.
  var usage: String {
    let values = choices.isEmpty
      ? "\(Settings.stepRange.lowerBound)…\(Settings.stepRange.upperBound)"
      : choices.joined(separator: "|")
    return "\(rawValue) \(values)"
  }

  /// The setting's value in `state` as `set` accepts it: `trivia`, `5`, `auto`, `on`.
  func value(in state: Settings.State) -> String {
    switch self {
    case .factKind: state.factKind.rawValue
    case .step: String(state.step)
    case .color: state.colorMode.rawValue
    case .sortCompleted: Switch(state.sortCompleted).rawValue
    }
  }
}
