import Foundation
import IdentifiedCollections
import Persistence

private struct Entry: Identifiable, Sendable {
  let id = UUID()
}

extension SharedReaderKey where Self == InMemoryKey<IdentifiedArrayOf<Entry>>.Default {
  fileprivate static var entries: Self { Self[.inMemory("entries"), default: []] }
}

extension SharedKey where Self == InMemoryKey<Int> {
  fileprivate static var tally: Self { .inMemory("tally") }
}

extension SharedReaderKey where Self == AppStorageKey<Int?>.Default {
  fileprivate static var tally: Self { Self[.appStorage("tally"), default: nil] }
}

/// swift-sharing's compile-time tests: forms that must compile; never run.
enum PortedCompileTimeChecks {
  static func identifiedDefault() {
    @Shared(.entries) var entries = []
    @SharedReader(.entries) var readEntries = []
    _ = (entries, readEntries)
  }

  static func readerOfAWritableKey() async throws {
    let reader = SharedReader(wrappedValue: 42, .tally)
    try await reader.load(.tally)
  }

  static func keysWithDefaults() {
    @SharedReader(.tally) var first
    @Shared(.tally) var second
    _ = (first, second)
  }
}
