import AsyncWaiting
import Clocks
import ConcurrencyExtras
import Dependencies
import Foundation
import Persistence
import Testing

/// The examples the Persistence catalog's articles show, compiled and run with the public API only.
struct PersistenceDocumentationExamples {
  /// PersistenceStrategies: the three strategies, and a second declaration of a key reading the
  /// value the first one changed.
  @Test func eachStrategyKeepsItsValueWhereItSays() {
    @Dependency(\.defaultDataDirectory) var dataDirectory
    @Shared(.inMemory("events")) var events: [String] = []
    @Shared(.appStorage("soundsOn")) var soundsOn = true
    @Shared(.fileStorage(dataDirectory.appendingPathComponent("facts.json"))) var facts: [String] = []

    $events.withLock { $0.append("launched") }
    $soundsOn.withLock { $0 = false }
    $facts.withLock { $0.append("42 is the answer.") }

    @SharedReader(.appStorage("soundsOn")) var sounds = true
    @SharedReader(.fileStorage(dataDirectory.appendingPathComponent("facts.json"))) var history: [String] = []
    #expect(sounds == false)
    #expect(history == ["42 is the answer."])
    #expect(events == ["launched"])
  }

  /// PersistenceStrategies, DataSafety: another process's app storage is taken key by key, and
  /// a change of ours not yet written stays on top.
  @Test func appStorageTakesTheirKeysAndKeepsOurPendingOnes() {
    let storage = FileStorage.inMemory(clock: TestClock())
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Dependency(\.defaultDataDirectory) var dataDirectory
      @Shared(.appStorage("count")) var count = 0
      @Shared(.appStorage("theme")) var theme = "light"
      $count.withLock { $0 = 1 }

      storage.changeAsAnotherProcess(
        dataDirectory.appendingPathComponent("app-storage.json"),
        contents: Data(#"{"count": 50, "theme": "dark"}"#.utf8)
      )
      #expect(theme == "dark")
      #expect(count == 1)
    }
  }

  /// DataSafety: both changes are kept when another process writes the file while a change of
  /// ours waits to be written: ours in the file, theirs beside it.
  @Test func aFileChangedElsewhereWhileOurChangeWaitsIsKeptAside() throws {
    let url = URL(fileURLWithPath: "/data/count.json")
    let storage = FileStorage.inMemory(clock: TestClock())
    try withDependencies { $0.defaultFileStorage = storage } operation: {
      let reports = LockIsolated<[String]>([])
      let subscription = storage.onFileKeptAside { error in reports.withValue { $0.append("\(error)") } }
      defer { subscription.cancel() }

      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 1 }
      $count.withLock { $0 = 2 }
      storage.changeAsAnotherProcess(url, contents: Data("99".utf8))
      #expect(count == 2)

      storage.flush()
      let error = try #require($count.loadError as? FileStorageError)
      guard case .conflictingWrite(_, let theirs) = error else {
        Issue.record("Expected a conflict, got \(error)")
        return
      }
      #expect(theirs.lastPathComponent.hasPrefix("count.json.conflict-"))
      #expect(reports.value == ["\(error)"])
      #expect(count == 2)
    }
  }

  /// Testing: a test's storage is in memory, in a data directory of its own, so no file is made
  /// on disk and no other test sees the value.
  @Test func aTestsValuesLiveInMemoryInADataDirectoryOfItsOwn() {
    @Dependency(\.defaultDataDirectory) var dataDirectory
    @Shared(.appStorage("launchCount")) var launchCount = 0
    @Shared(.fileStorage(dataDirectory.appendingPathComponent("facts.json"))) var facts: [String] = []
    #expect(launchCount == 0)
    #expect(facts == [])

    $launchCount.withLock { $0 += 1 }
    $facts.withLock { $0.append("1 is the loneliest number.") }
    #expect(!FileManager.default.fileExists(atPath: dataDirectory.path))
  }

  /// Testing: the same key in another test starts from its default again.
  @Test func anotherTestStartsFromTheDefaultToo() {
    @Shared(.appStorage("launchCount")) var launchCount = 0
    #expect(launchCount == 0)
    $launchCount.withLock { $0 += 1 }
  }

  /// Testing: writes coalesced on a test clock, on real files: the first at once, the rest when
  /// the interval ends, and only the last value of a burst.
  @Test func writesAreCoalescedOnTheClockGiven() async throws {
    let clock = TestClock()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("count.json")
    let written: @Sendable () -> String? = { try? String(contentsOf: url, encoding: .utf8) }

    await withDependencies { $0.defaultFileStorage = .live(clock: clock) } operation: {
      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 1 }
      #expect(await waitUntil { written() == "1" })

      $count.withLock { $0 = 2 }
      $count.withLock { $0 = 3 }
      await clock.advance(by: .milliseconds(999))
      #expect(written() == "1")
      await clock.advance(by: .milliseconds(1))
      #expect(await waitUntil { written() == "3" })
    }
  }

  /// TypeSafeKeys: a custom key over a store of its own, written against the protocols as a
  /// swift-sharing user writes one.
  @Test func aCustomKeyLoadsSavesAndHearsOfChangesMadeOutside() {
    let preferences = Preferences(["name": "Blob"])
    @Shared(.preference("name", in: preferences)) var name = "Anonymous"
    #expect(name == "Blob")

    $name.withLock { $0 = "Blob Jr." }
    #expect(preferences["name"] == "Blob Jr.")

    preferences["name"] = "Blob Sr."
    #expect(name == "Blob Sr.")
    preferences["name"] = nil
    #expect(name == "Anonymous")
  }
}

/// A store outside the app's state, as a server or a system service is: values by name, and a
/// call to each observer when one changes.
final class Preferences: Sendable {
  private let values: LockIsolated<[String: String]>
  private let observers = LockIsolated<[UUID: @Sendable (String) -> Void]>([:])

  init(_ values: [String: String] = [:]) {
    self.values = LockIsolated(values)
  }

  subscript(name: String) -> String? {
    get { values.value[name] }
    set {
      values.withValue { $0[name] = newValue }
      for observer in observers.value.values { observer(name) }
    }
  }

  func observe(_ observer: @escaping @Sendable (String) -> Void) -> UUID {
    let token = UUID()
    observers.withValue { $0[token] = observer }
    return token
  }

  func stopObserving(_ token: UUID) {
    observers.withValue { $0[token] = nil }
  }
}

struct PreferenceKey: SharedKey {
  let preferences: Preferences
  let name: String

  var id: String { name }

  func load(context: LoadContext<String>, continuation: LoadContinuation<String>) {
    if let value = preferences[name] {
      continuation.resume(returning: value)
    } else {
      continuation.resumeReturningInitialValue()
    }
  }

  func subscribe(context: LoadContext<String>, subscriber: SharedSubscriber<String>) -> SharedSubscription {
    let (preferences, name) = (preferences, name)
    let token = preferences.observe { changed in
      guard changed == name else { return }
      if let value = preferences[name] {
        subscriber.yield(value)
      } else {
        subscriber.yieldReturningInitialValue()
      }
    }
    return SharedSubscription { preferences.stopObserving(token) }
  }

  func save(_ value: String, context: SaveContext, continuation: SaveContinuation) {
    preferences[name] = value
    continuation.resume()
  }
}

extension SharedReaderKey {
  static func preference(_ name: String, in preferences: Preferences) -> Self where Self == PreferenceKey {
    PreferenceKey(preferences: preferences, name: name)
  }
}

extension PersistenceDocumentationExamples {
  /// Gotchas: two keys with one id and two types do not share: the second gets a value of its
  /// own, and the clash is reported.
  @Test func aKeyUsedWithAnotherTypeGetsAValueOfItsOwn() {
    @Shared(.inMemory("count")) var count = 1
    withKnownIssue {
      @Shared(.inMemory("count")) var name = "one"
      #expect(name == "one")
    } matching: { issue in
      issue.description.contains("is already in use with a value of another type")
    }
    #expect(count == 1)
  }
}
