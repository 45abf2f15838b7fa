import Locking
import Persistence
import Testing

/// The contexts a key is loaded and subscribed with, as swift-sharing passes them: the initial
/// value when a reference is created from the key, `.userInitiated` when a value is loaded on
/// request (`load(_:)`, `init(require:)`), for the load and for the subscription that follows.
struct LoadContextTests {
  /// A key that records every context it is given, and always loads 42.
  struct RecordingKey: SharedReaderKey, Hashable {
    let name: String
    let log: Log

    var id: String { name }

    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      log.append("load \(Self.describe(context))")
      continuation.resume(returning: 42)
    }

    func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
      log.append("subscribe \(Self.describe(context))")
      return SharedSubscription {}
    }

    static func describe(_ context: LoadContext<Int>) -> String {
      switch context {
      case .initialValue(let value): "initialValue(\(value))"
      case .userInitiated: "userInitiated"
      }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
  }

  final class Log: Sendable {
    private let entries = Lock<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
  }

  @Test func aReferenceCreatedFromAKeyLoadsAndSubscribesWithItsInitialValue() {
    let log = Log()
    @SharedReader(RecordingKey(name: "created", log: log)) var value = 0
    #expect(value == 42)
    #expect(log.all == ["load initialValue(0)", "subscribe initialValue(0)"])
  }

  @Test func aRequiredValueLoadsAndSubscribesAsUserInitiated() async throws {
    let log = Log()
    let value = try await SharedReader(require: RecordingKey(name: "required", log: log))
    #expect(value.wrappedValue == 42)
    #expect(log.all == ["load userInitiated", "subscribe userInitiated"])
  }

  @Test func loadingAnotherKeyLoadsAndSubscribesAsUserInitiated() async throws {
    let log = Log()
    @SharedReader(value: 0) var value
    try await $value.load(RecordingKey(name: "other", log: log))
    #expect(value == 42)
    // NB: as in swift-sharing, the reference for the new key is made (and subscribes) first,
    //     then loads.
    #expect(log.all == ["subscribe userInitiated", "load userInitiated"])
  }
}
