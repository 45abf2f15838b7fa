import Foundation
import Persistence

/// A custom key written against swift-sharing 2's protocols as its documentation writes one: the
/// work happens in a task and resumes the continuation when done.
struct RemoteCounterKey: SharedKey {
  let remote: RemoteCounter
  let name: String

  var id: String { name }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    Task {
      do {
        if let value = try await remote.fetch() {
          continuation.resume(returning: value)
        } else {
          continuation.resumeReturningInitialValue()
        }
      } catch {
        continuation.resume(throwing: error)
      }
    }
  }

  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
    SharedSubscription {}
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    Task {
      do {
        try await remote.store(value)
        continuation.resume()
      } catch {
        continuation.resume(throwing: error)
      }
    }
  }
}
