import AsyncWaiting
import Dependencies
import Foundation
import Persistence
import Testing

/// swift-sharing's tests of load and save errors reported by custom keys.
struct PortedErrorThrowingTests {
  struct LoadFailure: Error {}
  struct SaveFailure: Error {}

  /// A key whose outcomes the test decides: what load resumes with, whether saves of negative
  /// values fail, and a handle on its subscriber and its pending continuations.
  final class ScriptedKey: SharedKey, @unchecked Sendable {
    let id = UUID()
    let initialLoad: Result<Int?, any Error>
    let userLoad: Result<Int?, any Error>
    let holdsContinuations: Bool
    var subscriber: SharedSubscriber<Int>?
    let pendingLoad = LockIsolated<LoadContinuation<Int>?>(nil)
    let pendingSave = LockIsolated<SaveContinuation?>(nil)

    init(
      initialLoad: Result<Int?, any Error> = .success(nil),
      userLoad: Result<Int?, any Error> = .success(nil),
      holdsContinuations: Bool = false
    ) {
      self.initialLoad = initialLoad
      self.userLoad = userLoad
      self.holdsContinuations = holdsContinuations
    }

    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      if holdsContinuations { return pendingLoad.setValue(continuation) }
      continuation.resume(with: context == .userInitiated ? userLoad : initialLoad)
    }

    func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
      self.subscriber = subscriber
      return SharedSubscription {}
    }

    func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
      if holdsContinuations { return pendingSave.setValue(continuation) }
      continuation.resume(with: value < 0 ? .failure(SaveFailure()) : .success(()))
    }
  }

  @Test func anExplicitSaveThrowsAndSetsSaveError() async {
    @Shared(ScriptedKey()) var value = -1
    await #expect(throws: SaveFailure.self) { try await $value.save() }
    #expect($value.saveError is SaveFailure)
  }

  @Test func theFirstLoadsErrorIsLoadError() {
    @SharedReader(ScriptedKey(initialLoad: .failure(LoadFailure()))) var count = 0
    #expect($count.loadError is LoadFailure)
  }

  @Test func anExplicitLoadThrows() async {
    @SharedReader(ScriptedKey(initialLoad: .success(42), userLoad: .failure(LoadFailure()))) var value = 0
    #expect(value == 42)
    await #expect(throws: LoadFailure.self) { try await $value.load() }
  }

  @Test func requireThrowsTheLoadError() async {
    await #expect(throws: LoadFailure.self) {
      try await SharedReader(require: ScriptedKey(userLoad: .failure(LoadFailure())))
    }
  }

  @Test func aSubscribersErrorLastsUntilItYieldsAValue() {
    let key = ScriptedKey()
    @SharedReader(key) var count = 0
    key.subscriber?.yield(throwing: LoadFailure())
    #expect($count.loadError != nil)
    key.subscriber?.yield(1)
    #expect(count == 1)
    #expect($count.loadError == nil)
  }

  @Test func aFailedSaveAfterAMutationLastsUntilOneSucceeds() {
    @Shared(ScriptedKey()) var count = 0
    $count.withLock { $0 -= 1 }
    #expect($count.saveError != nil)
    $count.withLock { $0 += 1 }
    #expect($count.saveError == nil)
  }

  @Test func loadAndSaveErrorsInterplay() {
    let key = ScriptedKey()
    @Shared(key) var count = 0
    key.subscriber?.yield(throwing: LoadFailure())
    #expect($count.loadError != nil)
    $count.withLock { $0 -= 1 }
    #expect($count.loadError != nil)
    #expect($count.saveError != nil)
    key.subscriber?.yieldReturningInitialValue()
    #expect(count == 0)
    #expect($count.loadError == nil)
    #expect($count.saveError != nil)
    key.subscriber?.yield(throwing: LoadFailure())
    $count.withLock { $0 += 1 }
    #expect($count.loadError == nil)
    #expect($count.saveError == nil)
  }

  @Test func aLoadErrorLastsWhileTheNextLoadRuns() async throws {
    let key = ScriptedKey(holdsContinuations: true)
    @SharedReader(key) var count = 0
    #expect($count.isLoading)
    #expect($count.loadError == nil)
    key.pendingLoad.value?.resume(throwing: LoadFailure())
    #expect(!$count.isLoading)
    #expect($count.loadError != nil)

    key.pendingLoad.setValue(nil)
    let task = Task { [$count] in try await $count.load() }
    #expect(await waitUntil { key.pendingLoad.value != nil })
    #expect($count.isLoading)
    #expect($count.loadError != nil)
    key.pendingLoad.value?.resume(returning: 42)
    try await task.value
    #expect(!$count.isLoading)
    #expect($count.loadError == nil)
    #expect(count == 42)
  }

  @Test func aSaveErrorLastsUntilAPendingSaveSucceeds() {
    let key = ScriptedKey(holdsContinuations: true)
    @Shared(key) var count = 0
    key.pendingLoad.value?.resumeReturningInitialValue()
    $count.withLock { $0 += 1 }
    key.pendingSave.value?.resume(throwing: SaveFailure())
    #expect($count.saveError != nil)
    $count.withLock { $0 += 1 }
    #expect($count.saveError != nil)
    key.pendingSave.value?.resume()
    #expect($count.saveError == nil)
  }
}
