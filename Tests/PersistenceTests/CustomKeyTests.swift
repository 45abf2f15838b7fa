import AsyncWaiting
import Dependencies
import Foundation
import Persistence
import Testing

/// Custom keys written for swift-sharing 2, including asynchronous ones, work unchanged.
struct CustomKeyTests {
  @Test func anAsyncKeyLoadsItsValueAfterTheReferenceIsCreated() async {
    let remote = RemoteCounter(stored: 42)
    @SharedReader(RemoteCounterKey(remote: remote, name: "count")) var count = 0
    #expect(await first($count.values, where: { $0 == 42 }) == 42)
    #expect(await waitUntil { !$count.isLoading })
    #expect($count.loadError == nil)
  }

  @Test func anAsyncKeyWithNothingStoredKeepsTheInitialValue() async throws {
    let remote = RemoteCounter()
    @Shared(RemoteCounterKey(remote: remote, name: "count")) var count = 7
    try await $count.load()
    #expect(count == 7)
    #expect(!$count.isLoading)
  }

  @Test func anAsyncKeySavesEachMutationAndAnExplicitSaveWaitsForIt() async throws {
    let remote = RemoteCounter()
    @Shared(RemoteCounterKey(remote: remote, name: "count")) var count = 0
    try await $count.load()
    $count.withLock { $0 = 5 }
    try await $count.save()
    #expect(await remote.stored == 5)
    #expect($count.saveError == nil)
  }

  @Test func anAsyncKeysFailuresSetLoadErrorAndSaveError() async throws {
    let remote = RemoteCounter(stored: 1)
    @Shared(RemoteCounterKey(remote: remote, name: "count")) var count = 0
    try await $count.load()
    #expect(count == 1)
    await remote.setFailing(true)
    await #expect(throws: RemoteCounter.Unavailable.self) { try await $count.load() }
    #expect($count.loadError is RemoteCounter.Unavailable)
    #expect(count == 1)
    await #expect(throws: RemoteCounter.Unavailable.self) { try await $count.save() }
    #expect($count.saveError is RemoteCounter.Unavailable)
    await remote.setFailing(false)
    try await $count.load()
    try await $count.save()
    #expect($count.loadError == nil)
    #expect($count.saveError == nil)
  }
}
