import Dependencies
import Persistence

/// A custom key whose saves fail while `isFailing` is set; it records every value it stored.
struct FailingKey: SharedKey {
  struct Failure: Error {}

  let name: String
  let isFailing = LockIsolated(false)
  let saved = LockIsolated<[Int]>([])

  var id: String { name }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    continuation.resumeReturningInitialValue()
  }

  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
    SharedSubscription {}
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    if isFailing.value { return continuation.resume(throwing: Failure()) }
    saved.withValue { $0.append(value) }
    continuation.resume()
  }
}
