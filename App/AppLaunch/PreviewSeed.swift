import AppDependencies
import CounterFeature
import Persistence
import SettingsFeature

/// The values `app preview` starts a feature from, in place of what the app would hand it:
/// parsed from repeatable `--seed key=value` options.
///
/// A seeded value is written into the preview's storage before the feature starts; an unseeded
/// one is read from it (so a fresh preview starts at count 0, step 1, trivia facts, completed
/// todos sorted to the bottom).
///
/// ```swift
/// let seed = try PreviewSeed(["count=41", "step=2"], for: .counter)
/// ```
public struct PreviewSeed: Equatable, Sendable {
  /// The count, for `count=<Int>`.
  public var count: Int?
  /// The counter's step, for `step=<1…1000>`.
  public var step: Int?
  /// The kind of fact, for `kind=<trivia|math|year|date>`.
  public var kind: FactKind?
  /// Whether completed todos sort to the bottom, for `sort-completed=<on|off>`.
  public var sortCompleted: Bool?

  /// Creates an empty seed: everything comes from storage.
  public init() {}

  /// Parses `key=value` assignments for `feature`; a later assignment to a key wins.
  ///
  /// - Throws: ``PreviewSeedError`` for a malformed assignment, a key the feature does not
  ///   read, or a value out of range.
  public init(_ assignments: [String], for feature: FeaturePreview) throws(PreviewSeedError) {
    for assignment in assignments {
      guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
        throw PreviewSeedError("--seed expects key=value, got \"\(assignment)\"")
      }
      let key = String(assignment[..<equals])
      let value = String(assignment[assignment.index(after: equals)...])
      guard feature.seedKeys.contains(key) else {
        throw PreviewSeedError(
          "--seed \(key): unknown for \(feature.rawValue); it takes \(feature.seedKeys.joined(separator: ", "))"
        )
      }
      try set(key, to: value)
    }
  }

  private mutating func set(_ key: String, to value: String) throws(PreviewSeedError) {
    switch key {
    case "count":
      guard let count = Int(value) else { throw Self.bad(key, "a whole number", value) }
      self.count = count
    case "step":
      guard let step = Int(value), Settings.stepRange.contains(step) else {
        throw Self.bad(key, "a whole number from 1 to 1000", value)
      }
      self.step = step
    case "kind":
      guard let kind = FactKind(rawValue: value) else {
        throw Self.bad(key, FactKind.allCases.map(\.rawValue).joined(separator: ", "), value)
      }
      self.kind = kind
    default:
      switch value {
      case "on": sortCompleted = true
      case "off": sortCompleted = false
      default: throw Self.bad(key, "on or off", value)
      }
    }
  }

  private static func bad(_ key: String, _ expected: String, _ value: String) -> PreviewSeedError {
    PreviewSeedError("--seed \(key): expected \(expected), got \"\(value)\"")
  }

  /// The seed as `key=value` assignments, which ``init(_:for:)`` reads back: how a recorded
  /// preview's session keeps its seed.
  public var assignments: [String] {
    var assignments: [String] = []
    if let count { assignments.append("count=\(count)") }
    if let step { assignments.append("step=\(step)") }
    if let kind { assignments.append("kind=\(kind.rawValue)") }
    if let sortCompleted { assignments.append("sort-completed=\(sortCompleted ? "on" : "off")") }
    return assignments
  }

  /// Writes the seeded values into the storage of the dependencies in force.
  func write() {
    if let count { Shared(.count).withLock { $0 = count } }
    if let step { Shared(.step).withLock { $0 = step } }
    if let kind { Shared(.factKind).withLock { $0 = kind } }
    if let sortCompleted { Shared(.sortCompleted).withLock { $0 = sortCompleted } }
  }
}
