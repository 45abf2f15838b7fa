import Dependencies
import Locking

/// Gives ``StackElementID``s in order, from 0: the next one with ``next()``, a look at it
/// with ``peek()``.
package struct StackElementIDGenerator: Sendable {
  package let next: @Sendable () -> StackElementID
  package let peek: @Sendable () -> StackElementID

  /// A generator starting at `generation`.
  package static func incrementing(from generation: Int = 0) -> Self {
    let counter = Counter(generation)
    return Self(
      next: {
        counter.value.withLock { value in
          defer { value += 1 }
          return StackElementID(generation: value)
        }
      },
      peek: { StackElementID(generation: counter.value.withLock { $0 }) }
    )
  }

  /// A new generator that starts where this one stands, and counts on its own.
  package func incrementingCopy() -> Self {
    .incrementing(from: peek().generation)
  }
}

/// The next generation a generator gives.
private final class Counter: Sendable {
  let value: Lock<Int>
  init(_ value: Int) { self.value = Lock(value) }
}

extension StackElementIDGenerator: DependencyKey {
  package static var liveValue: Self { .incrementing() }
  package static var testValue: Self { .incrementing() }
}

extension DependencyValues {
  /// Where ``StackState`` takes the ids of the elements it appends.
  package var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGenerator.self] }
    set { self[StackElementIDGenerator.self] = newValue }
  }
}
