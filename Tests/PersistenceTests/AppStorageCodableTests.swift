import Dependencies
import Foundation
@testable import Persistence
import Testing

/// swift-sharing 2.8's `.appStorage` of any `Codable` value: held as its JSON text, read back,
/// changed from outside; a type the other overloads cover (a `RawRepresentable` that is also
/// `Codable`) is still stored as itself.
struct AppStorageCodableTests {
  struct Item: Codable, Equatable, Sendable {
    var id: Int
  }

  struct ID: Codable, RawRepresentable, Equatable, Sendable {
    var rawValue: String
  }

  @Dependency(\.defaultFileStorage) var storage
  @Dependency(\.defaultDataDirectory) var dataDirectory

  func stored() throws -> [String: Any] {
    let data = try #require(storage.memory.file(dataDirectory.appendingPathComponent("app-storage.json")))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func aCodableValueIsStoredAsJSONAndReadBack() throws {
    @Shared(.appStorage("codable")) var item = Item(id: 42)
    let text = try #require(try stored()["codable"] as? String)
    #expect(try JSONDecoder().decode(Item.self, from: Data(text.utf8)) == Item(id: 42))
    $item.withLock { $0 = Item(id: 1729) }
    #expect(try stored()["codable"] as? String == #"{"id":1729}"#)

    let reread = withDependencies {
      $0.defaultFileStorage = storage.reopened()
      $0[ReferenceRegistry.self] = ReferenceRegistry()
    } operation: {
      Shared(wrappedValue: Item(id: 0), .appStorage("codable")).wrappedValue
    }
    #expect(reread == Item(id: 1729))
  }

  @Test func anOptionalCodableValueIsRemovedByNil() throws {
    @Shared(.appStorage("optionalCodable")) var item: Item? = Item(id: 1)
    #expect(try stored()["optionalCodable"] as? String == #"{"id":1}"#)
    $item.withLock { $0 = nil }
    #expect(try stored()["optionalCodable"] == nil)
  }

  @Test func aRawRepresentableCodableValueIsStoredByItsRawValue() throws {
    @Shared(.appStorage("raw-representable-string")) var id = ID(rawValue: "Blob")
    #expect(try stored()["raw-representable-string"] as? String == "Blob")
    $id.withLock { $0 = ID(rawValue: "Blob, Jr.") }
    #expect(try stored()["raw-representable-string"] as? String == "Blob, Jr.")
  }
}
