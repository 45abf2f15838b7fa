import Dependencies
import Persistence

/// A custom key whose saves fail while `isFailing` is set; it records every value it stored.
struct FailingKey: SharedKey {
  struct Failure: Error {}

  let name: String
  let isFailing = LockIsolated(false)
  let saved = LockIsolated<[Int]>([])

  var id: String { name }

  func load(initialValue: Int) throws -> Int? { nil }

  func save(_ value: Int, context: SaveContext) throws {
    if isFailing.value { throw Failure() }
    saved.withValue { $0.append(value) }
  }
}
