import IssueReporting
import Locking
import Synchronization

/// Records the value each shared reference had before it was first mutated, so a test can assert on
/// `@Shared` mutations.
///
/// A test store runs each step in three phases:
///
/// ```swift
/// tracker.track { reducer.reduce(into: &state, action: action) }   // record snapshots
/// tracker.assert { modify(&expected) }                             // mutate the snapshots
/// tracker.assert { expected == state }                             // compare snapshot to live
/// tracker.reset()
/// ```
///
/// Released with changes no assertion compared (see ``init(reportUnassertedChanges:)``), it reports
/// each of them as an issue.
public final class SharedChangeTracker: Sendable {
  struct Entry: Sendable {
    var snapshot: any Sendable
    let live: @Sendable () -> any Sendable
    /// How the reference reads in a report: `Shared<Int>(value: 1)`.
    let describe: @Sendable () -> String
    /// Whether an assertion compared the reference with itself, seeing the change.
    var isAsserted = false
  }

  struct Active: Sendable {
    let tracker: SharedChangeTracker
    let isAsserting: Bool
  }

  @TaskLocal static var active: Active?
  /// How many `track` or `assert` scopes run anywhere in the process. While zero, a reference
  /// skips the task-local lookup altogether.
  static let activeCount = Atomic<Int>(0)

  /// Whether any tracker scope runs: one relaxed atomic load.
  @usableFromInline
  static var isAnyActive: Bool { activeCount.load(ordering: .relaxed) > 0 }

  private let entries = Lock<[ObjectIdentifier: Entry]>([:])
  private let reportUnassertedChanges: Bool

  /// Creates a tracker with no recorded references.
  ///
  /// - Parameter reportUnassertedChanges: whether releasing the tracker reports, as an issue, each
  ///   change it recorded that no assertion compared; by default, when running under a test.
  public init(reportUnassertedChanges: Bool = isTesting) {
    self.reportUnassertedChanges = reportUnassertedChanges
  }

  deinit {
    guard reportUnassertedChanges else { return }
    let unasserted = entries.withLock { $0.values.filter { !$0.isAsserted } }
    for entry in unasserted {
      let live = entry.live()
      guard !isEqual(entry.snapshot, live) else { continue }
      reportIssue(
        """
        Tracked unasserted changes to '\(entry.describe())': \
        \(String(reflecting: entry.snapshot)) → \(String(reflecting: live))
        """
      )
    }
  }

  /// Runs `operation`; every `withLock` on any shared reference during it (on this task,
  /// synchronously) records that reference's snapshot (its value before the first mutation).
  public func track<R>(_ operation: () throws -> R) rethrows -> R {
    try run(isAsserting: false, operation)
  }

  /// Runs `operation` in assertion mode: for a reference this tracker recorded, reading the value
  /// returns the snapshot and `withLock` mutates the snapshot, not the live value; `Shared.==` with
  /// the same reference on both sides compares the left side's snapshot to the live value; and
  /// custom-dump diffs show (snapshot, live).
  public func assert<R>(_ operation: () throws -> R) rethrows -> R {
    try run(isAsserting: true, operation)
  }

  /// Whether any recorded reference's snapshot differs from its live value.
  public var hasChanges: Bool {
    let current = entries.withLock { Array($0.values) }
    return current.contains { !isEqual($0.snapshot, $0.live()) }
  }

  /// Whether any shared reference was mutated since the last reset, even to the value it had:
  /// a test store then accepts an assertion closure that changes nothing, as TCA's does (a
  /// reducer's `withLock { $0 = 0 }` on a count already 0, asserted the same way).
  package var hasRecordedMutations: Bool {
    entries.withLock { !$0.isEmpty }
  }

  /// Forgets every snapshot (the live values become the new baseline).
  public func reset() {
    // NB: released after the lock, as in `mutateSnapshot`.
    let forgotten = entries.withLock { entries in
      defer { entries = [:] }
      return entries
    }
    _ = forgotten
  }

  private func run<R>(isAsserting: Bool, _ operation: () throws -> R) rethrows -> R {
    Self.activeCount.add(1, ordering: .relaxed)
    defer { Self.activeCount.subtract(1, ordering: .relaxed) }
    return try Self.$active.withValue(Active(tracker: self, isAsserting: isAsserting), operation: operation)
  }

  func record<Value: Sendable>(_ reference: RootReference<Value>, snapshot: @autoclosure () -> Value) {
    entries.withLock { entries in
      let id = ObjectIdentifier(reference)
      guard entries[id] == nil else { return }
      entries[id] = Entry(
        snapshot: snapshot(),
        live: { reference.liveValue },
        describe: { "Shared<\(typeName(Value.self))>(\(reference.description))" }
      )
    }
  }

  /// Notes that an assertion compared `reference` with itself, so its change counts as asserted.
  func markAsserted(_ reference: AnyObject) {
    entries.withLock { $0[ObjectIdentifier(reference)]?.isAsserted = true }
  }

  func snapshot<Value>(of reference: AnyObject, as type: Value.Type) -> Value? {
    // NB: unwrapped before the cast: a missing entry cast to an optional `Value` would succeed
    //     as a snapshot of `nil`, and an optional shared value would read as `nil` under every
    //     assertion.
    entries.withLock { entries in
      guard let entry = entries[ObjectIdentifier(reference)] else { return nil }
      return entry.snapshot as? Value
    }
  }

  func mutateSnapshot<Value: Sendable, R, E: Error>(
    of reference: RootReference<Value>,
    live: @autoclosure () -> Value,
    _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R {
    record(reference, snapshot: live())
    var snapshot = self.snapshot(of: reference, as: Value.self)!
    let result = try body(&snapshot)
    // NB: the snapshot replaced is released after the lock: its `deinit` is the user's code,
    //     which may read a shared value, and so this tracker.
    var replaced: any Sendable = snapshot
    entries.withLock { entries in
      guard entries[ObjectIdentifier(reference)] != nil else { return }
      swap(&entries[ObjectIdentifier(reference)]!.snapshot, &replaced)
    }
    return result
  }
}
