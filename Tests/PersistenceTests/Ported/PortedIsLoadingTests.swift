import AsyncWaiting
import Dependencies
import Foundation
import Persistence
import Testing

/// swift-sharing's `isLoading` tests, the key resumed by the test instead of a scheduler.
struct PortedIsLoadingTests {
  /// A key whose loads wait until the test resumes them with 42.
  final class GatedKey: SharedReaderKey, @unchecked Sendable {
    let id = UUID()
    let pending = LockIsolated<[LoadContinuation<Int>]>([])
    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      pending.withValue { $0.append(continuation) }
    }
    func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
      SharedSubscription {}
    }
    func open() {
      let waiting = pending.withValue { pending in
        defer { pending = [] }
        return pending
      }
      for continuation in waiting { continuation.resume(returning: 42) }
    }
  }

  /// A key whose subscriber says it is loading, then what the test tells it.
  final class LoadingSubscriberKey: SharedReaderKey, @unchecked Sendable {
    let id = UUID()
    var subscriber: SharedSubscriber<Int>?
    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      continuation.resumeReturningInitialValue()
    }
    func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
      subscriber.yieldLoading()
      self.subscriber = subscriber
      return SharedSubscription {}
    }
  }

  @Test func loadingUntilTheKeyResumes() {
    let key = GatedKey()
    @SharedReader(key) var value = 0
    #expect($value.isLoading)
    key.open()
    #expect(!$value.isLoading)
    #expect(value == 42)
  }

  @Test func loadingAgainAfterReassignment() {
    let key = GatedKey()
    @SharedReader(key) var value = 0
    key.open()
    #expect(value == 42)
    let other = GatedKey()
    $value = SharedReader(wrappedValue: 0, other)
    #expect($value.isLoading)
    #expect(value == 0)
    other.open()
    #expect(!$value.isLoading)
    #expect(value == 42)
  }

  @Test func requireIsNotLoadingWhileItWaits() async throws {
    let key = GatedKey()
    @SharedReader(key) var value = 0
    key.open()
    let other = GatedKey()
    let task = Task { try await SharedReader(require: other) }
    #expect(await waitUntil { !other.pending.value.isEmpty })
    #expect(!$value.isLoading)
    other.open()
    $value = try await task.value
    #expect(!$value.isLoading)
    #expect(value == 42)
  }

  @Test func loadingAnotherKeyIsLoadingUntilItResumes() async throws {
    let key = GatedKey()
    @SharedReader(key) var value = 0
    key.open()
    let other = GatedKey()
    let task = Task { [$value] in try await $value.load(other) }
    #expect(await waitUntil { !other.pending.value.isEmpty })
    #expect($value.isLoading)
    #expect(value == 42)
    other.open()
    try await task.value
    #expect(!$value.isLoading)
    #expect(value == 42)
  }

  @Test func aSubscribersValueEndsItsLoading() {
    let key = LoadingSubscriberKey()
    @SharedReader(key) var value = 0
    #expect($value.isLoading)
    key.subscriber?.yield(42)
    #expect(!$value.isLoading)
    #expect(value == 42)
  }

  @Test func aSubscriberEndsItsLoadingItself() {
    let key = LoadingSubscriberKey()
    @SharedReader(key) var value = 0
    #expect($value.isLoading)
    key.subscriber?.yieldLoading(false)
    #expect(!$value.isLoading)
  }
}
