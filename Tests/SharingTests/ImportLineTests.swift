import Foundation
import Sharing
import Testing

/// A swift-sharing test, with swift-sharing's import line: `@Shared`, its keys, `withLock` and
/// dependency overrides come with it.
struct ImportLineTests {
  @Test func sharedValuesWorkWithSwiftSharingsImportLine() async throws {
    @Shared(.inMemory("count")) var count = 0
    $count.withLock { $0 += 1 }
    @SharedReader(.inMemory("count")) var reader = 0
    #expect(reader == 1)
    try await withDependencies {
      $0.defaultFileStorage = .inMemory
    } operation: {
      @Shared(.fileStorage(URL(fileURLWithPath: "/items.json"))) var items: [String] = []
      $items.withLock { $0.append("Blob") }
      #expect(items == ["Blob"])
      try await $items.load()
    }
  }
}
