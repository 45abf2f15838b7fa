/// A setting as the terminal names it, in the order the view lists them.
enum Setting: String, CaseIterable {
  case factKind = "fact-kind"
  case step
  case color
  case sortCompleted = "sort-completed"

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
