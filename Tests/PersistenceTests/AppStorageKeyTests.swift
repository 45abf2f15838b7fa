import AsyncWaiting
import Dependencies
import Foundation
@testable import Persistence
import Testing

struct AppStorageKeyTests {
  enum Theme: String, Sendable { case light, dark }
  enum Level: Int, Sendable { case low = 1, high = 2 }

  @Dependency(\.defaultFileStorage) var storage

  /// Writes with one reference and reads back with a fresh one over the same files.
  func roundTrip<Value: Sendable & Equatable>(
    _ key: @escaping @Sendable () -> AppStorageKey<Value>,
    default defaultValue: Value,
    _ newValue: Value
  ) -> Value {
    let writer = Shared(wrappedValue: defaultValue, key())
    writer.withLock { $0 = newValue }
    return withDependencies {
      $0.defaultFileStorage = storage.reopened()
      $0[ReferenceRegistry.self] = ReferenceRegistry()
    } operation: {
      Shared(wrappedValue: defaultValue, key()).wrappedValue
    }
  }

  @Test func everySupportedTypeRoundTrips() {
    let date = Date(timeIntervalSince1970: 1_700_000_000.25)
    #expect(roundTrip({ .appStorage("bool") }, default: false, true) == true)
    #expect(roundTrip({ .appStorage("int") }, default: 0, Int.max) == Int.max)
    #expect(roundTrip({ .appStorage("double") }, default: 0.0, 2.0) == 2.0)
    #expect(roundTrip({ .appStorage("double") }, default: 0.0, 0.1) == 0.1)
    #expect(roundTrip({ .appStorage("string") }, default: "", "héllo") == "héllo")
    #expect(roundTrip({ .appStorage("url") }, default: URL(string: "a:b")!, URL(string: "https://x.y/z?q")!) == URL(string: "https://x.y/z?q")!)
    #expect(roundTrip({ .appStorage("data") }, default: Data(), Data([0, 1, 255])) == Data([0, 1, 255]))
    #expect(roundTrip({ .appStorage("date") }, default: Date(timeIntervalSince1970: 0), date) == date)
    #expect(roundTrip({ .appStorage("theme") }, default: Theme.light, .dark) == .dark)
    #expect(roundTrip({ .appStorage("level") }, default: Level.low, .high) == .high)
  }

  @Test func optionalsRoundTripAndNilRemovesTheKey() throws {
    #expect(roundTrip({ .appStorage("name") }, default: String?.none, "Blob") == "Blob")
    #expect(roundTrip({ .appStorage("name") }, default: String?.none, nil) == nil)
    #expect(roundTrip({ .appStorage("optionalInt") }, default: Int?.none, 3) == 3)
    #expect(roundTrip({ .appStorage("optionalTheme") }, default: Theme?.none, .dark) == .dark)
    #expect(roundTrip({ .appStorage("optionalLevel") }, default: Level?.none, .high) == .high)
    #expect(roundTrip({ .appStorage("optionalBool") }, default: Bool?.none, false) == false)
    #expect(roundTrip({ .appStorage("optionalDouble") }, default: Double?.none, 1.5) == 1.5)
    #expect(roundTrip({ .appStorage("optionalURL") }, default: URL?.none, URL(string: "file:///x")) == URL(string: "file:///x"))
    #expect(roundTrip({ .appStorage("optionalData") }, default: Data?.none, Data([9])) == Data([9]))
    #expect(roundTrip({ .appStorage("optionalDate") }, default: Date?.none, Date(timeIntervalSince1970: 5)) == Date(timeIntervalSince1970: 5))

    @Dependency(\.defaultDataDirectory) var dataDirectory
    let data = try #require(storage.memory.file(dataDirectory.appendingPathComponent("app-storage.json")))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["name"] == nil)
    #expect(object["optionalInt"] as? Int == 3)
  }

  @Test func seededValueIsSeenByTheFeature() {
    @Shared(.appStorage("count")) var count = 42
    let feature = Shared(wrappedValue: 0, .appStorage("count"))
    #expect(feature.wrappedValue == 42)
  }

  @Test func otherWritersKeysAreMergedWithOursPending() async throws {
    let clock = TestClock()
    let storage = FileStorage.inMemory(clock: clock)
    try await withDependencies { $0.defaultFileStorage = storage } operation: {
      @Dependency(\.defaultDataDirectory) var dataDirectory
      let url = dataDirectory.appendingPathComponent("app-storage.json")
      let writes = storage.memory.contents(of: url)
      // NB: storing the defaults writes the file at once and starts a window; its end writes 1.
      @Shared(.appStorage("count")) var count = 0
      @Shared(.appStorage("theme")) var theme = "light"
      $count.withLock { $0 = 1 }
      await clock.advance(by: .seconds(1))
      #expect(await first(writes, where: { $0.map { String(decoding: $0, as: UTF8.self).contains("\"count\" : 1") } ?? false }) != nil)

      $count.withLock { $0 = 2 }
      try storage.memory.write(Data(#"{"count": 50, "theme": "dark"}"#.utf8), to: url)
      #expect(theme == "dark")
      #expect(count == 2)
      await clock.advance(by: .seconds(1))
      let merged = await first(writes, where: { $0.map { String(decoding: $0, as: UTF8.self).contains("\"count\" : 2") } ?? false })
      let object = try #require(merged.flatMap { try? JSONSerialization.jsonObject(with: $0!) as? [String: Any] })
      #expect(object["theme"] as? String == "dark")
      #expect(object["count"] as? Int == 2)
    }
  }

  @Test func corruptFileIsMovedAsideAndEveryKeyStartsFromItsDefault() throws {
    @Dependency(\.defaultDataDirectory) var dataDirectory
    let url = dataDirectory.appendingPathComponent("app-storage.json")
    try storage.memory.write(Data("{oops".utf8), to: url)
    @Shared(.appStorage("count")) var count = 7
    #expect(count == 7)
    #expect($count.loadError is FileStorageError)
    #expect(storage.memory.paths.contains { $0.contains("app-storage.json.corrupt-") })
  }

  @Test func valueOfAnotherTypeIsReportedAndTheFileCopiedBeforeItIsReplaced() throws {
    @Dependency(\.defaultDataDirectory) var dataDirectory
    let url = dataDirectory.appendingPathComponent("app-storage.json")
    let original = Data(#"{"count": "seven", "theme": "dark"}"#.utf8)
    try storage.memory.write(original, to: url)
    @Shared(.appStorage("count")) var count = 0
    @Shared(.appStorage("theme")) var theme = "light"
    #expect(count == 0)
    #expect(theme == "dark")
    let error = try #require($count.loadError as? FileStorageError)
    guard case let .mismatchedValue(_, key, copiedTo) = error, let copiedTo else {
      Issue.record("Expected a mismatched-value error, got \(error)")
      return
    }
    #expect(key == "count")
    #expect(storage.memory.file(copiedTo) == original)
    $count.withLock { $0 = 1 }
    #expect(storage.memory.file(copiedTo) == original)
    #expect($theme.loadError == nil)
  }

  @Test func corruptFileIsReportedByEveryKeyReadFromIt() throws {
    @Dependency(\.defaultDataDirectory) var dataDirectory
    let url = dataDirectory.appendingPathComponent("app-storage.json")
    try storage.memory.write(Data("[1, 2, 3]".utf8), to: url)
    @Shared(.appStorage("theme")) var theme = "light"
    @Shared(.appStorage("count")) var count = 7
    #expect(($theme.loadError.map { "\($0)" } ?? "").contains("app-storage.json"))
    #expect($count.loadError.map { "\($0)" } == $theme.loadError.map { "\($0)" })
    $count.withLock { $0 = 8 }
    @Shared(.appStorage("name")) var name = ""
    #expect($name.loadError == nil)
  }
}
