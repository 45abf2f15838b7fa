/// A feature that `app preview` can run alone, named as on the command line.
///
/// ```console
/// $ app preview todos
/// ```
public enum FeaturePreview: String, CaseIterable, Sendable {
  /// The counter: `inc`, `dec`, `reset`.
  case counter
  /// The number fact about the count: `fact`, `fact stop`, `facts`.
  case fact
  /// The settings: `settings`, `set <name> <value>`, `set reset`.
  case settings
  /// The todo list: `todos`, `add`, `done`, and the rest.
  case todos

  /// The `--seed` keys this feature reads, in the order help lists them.
  public var seedKeys: [String] {
    switch self {
    case .counter: ["count", "step"]
    case .fact: ["count", "kind"]
    case .settings: ["step", "kind", "sort-completed"]
    case .todos: ["sort-completed"]
    }
  }

  /// The line an interactive preview starts with.
  var banner: String {
    "Previewing \(rawValue) alone. Type help for its commands."
  }
}
