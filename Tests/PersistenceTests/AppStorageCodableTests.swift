import Dependencies
import Foundation
@testable import Persistence
import Testing

/// swift-sharing 2.8's `.appStorage` of any `Codable` value: held as its JSON text, read back,
/// changed from outside; a type the other overloads cover (a `RawRepresentable` that is also
/// `Codable`) is still stored as itself.
struct AppStorageCodableTests {
  struct Window: Codable, Equatable, Sendable {
    var width: Int
  }

  struct Tag: Codable, RawRepresentable, Equatable, Sendable {
    var rawValue: String
  }

  @Dependency(\.defaultFileStorage) var storage
  @Dependency(\.defaultDataDirectory) var dataDirectory

  func stored() throws -> [String: Any] {
    let data = try #require(storage.memory.file(dataDirectory.appendingPathComponent("app-storage.json")))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func aCodableValueIsStoredAsJSONAndReadBack() throws {
    @Shared(.appStorage("window")) var window = Window(width: 80)
    let text = try #require(try stored()["window"] as? String)
    #expect(try JSONDecoder().decode(Window.self, from: Data(text.utf8)) == Window(width: 80))
    $window.withLock { $0 = Window(width: 132) }
    #expect(try stored()["window"] as? String == #"{"width":132}"#)

    let reread = withDependencies {
      $0.defaultFileStorage = storage.reopened()
      $0[ReferenceRegistry.self] = ReferenceRegistry()
    } operation: {
      Shared(wrappedValue: Window(width: 0), .appStorage("window")).wrappedValue
    }
    #expect(reread == Window(width: 132))
  }

  @Test func anOptionalCodableValueIsRemovedByNil() throws {
    @Shared(.appStorage("lastWindow")) var window: Window? = Window(width: 40)
    #expect(try stored()["lastWindow"] as? String == #"{"width":40}"#)
    $window.withLock { $0 = nil }
    #expect(try stored()["lastWindow"] == nil)
  }

  @Test func aRawRepresentableCodableValueIsStoredByItsRawValue() throws {
    @Shared(.appStorage("tag")) var tag = Tag(rawValue: "work")
    #expect(try stored()["tag"] as? String == "work")
    $tag.withLock { $0 = Tag(rawValue: "home") }
    #expect(try stored()["tag"] as? String == "home")
  }
}
