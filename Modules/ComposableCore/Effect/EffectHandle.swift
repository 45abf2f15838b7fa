/// A running task started by an effect, as seen by an `_EffectObserver`.
public struct EffectHandle: Hashable, Sendable {
  /// A number identifying the task within its root store.
  public let id: Int
  let task: Task<Void, Never>

  /// Cancels the task.
  public func cancel() {
    task.cancel()
  }

  /// Whether both are the same task.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  /// Hashes the task's id.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
