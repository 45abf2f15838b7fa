import AsyncWaiting
import Dependencies
import Foundation
@testable import Persistence
import Testing

/// swift-sharing's app-storage tests, with the app-storage file standing in for `UserDefaults`:
/// the default is stored on first load, and a value another process writes is seen.
struct PortedAppStorageTests {
  @Dependency(\.defaultFileStorage) var storage
  @Dependency(\.defaultDataDirectory) var dataDirectory

  struct IntID: RawRepresentable, Equatable, Sendable {
    var rawValue: Int
  }

  struct StringID: RawRepresentable, Equatable, Sendable {
    var rawValue: String
  }

  var file: URL { dataDirectory.appendingPathComponent("app-storage.json") }

  /// What the file holds under `name`, as JSON reads it.
  func stored(_ name: String) -> Any? {
    guard
      let data = storage.memory.file(file),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return object[name]
  }

  /// Replaces the file, as another process would.
  func write(_ object: [String: Any]) {
    try! storage.memory.write(JSONSerialization.data(withJSONObject: object), to: file)
  }

  @Test func bool() {
    @Shared(.appStorage("bool")) var bool = true
    #expect(stored("bool") as? Bool == true)
    write(["bool": false])
    #expect(!bool)
  }

  @Test func int() {
    @Shared(.appStorage("int")) var int = 42
    #expect(stored("int") as? Int == 42)
    write(["int": 1729])
    #expect(int == 1729)
  }

  @Test func double() {
    @Shared(.appStorage("double")) var double = 1.2
    #expect(stored("double") as? Double == 1.2)
    write(["double": 3.4])
    #expect(double == 3.4)
  }

  @Test func string() {
    @Shared(.appStorage("string")) var string = "Blob"
    #expect(stored("string") as? String == "Blob")
    write(["string": "Blob, Jr."])
    #expect(string == "Blob, Jr.")
  }

  @Test func stringArray() {
    @Shared(.appStorage("stringArray")) var strings = ["Blob"]
    #expect(stored("stringArray") as? [String] == ["Blob"])
    write(["stringArray": ["Blob", "Blob, Jr."]])
    #expect(strings == ["Blob", "Blob, Jr."])
  }

  @Test func url() {
    @Shared(.appStorage("url")) var url = URL(fileURLWithPath: "/dev")
    #expect(stored("url") as? String == URL(fileURLWithPath: "/dev").absoluteString)
    write(["url": "file:///tmp/"])
    #expect(url == URL(fileURLWithPath: "/tmp/"))
  }

  @Test func optionalURL() {
    @Shared(.appStorage("url")) var url: URL? = URL(fileURLWithPath: "/dev")
    #expect(stored("url") as? String == URL(fileURLWithPath: "/dev").absoluteString)
    write(["url": "file:///tmp/"])
    #expect(url == URL(fileURLWithPath: "/tmp/"))
    $url.withLock { $0 = nil }
    #expect(url == nil)
    #expect(stored("url") == nil)
  }

  @Test func data() {
    @Shared(.appStorage("data")) var data = Data([4, 2])
    #expect(stored("data") as? String == Data([4, 2]).base64EncodedString())
    write(["data": Data([1, 7, 2, 9]).base64EncodedString()])
    #expect(data == Data([1, 7, 2, 9]))
  }

  @Test func date() {
    @Shared(.appStorage("date")) var date = Date(timeIntervalSinceReferenceDate: 0)
    #expect(stored("date") as? Double == Date(timeIntervalSinceReferenceDate: 0).timeIntervalSince1970)
    write(["date": 0])
    #expect(date == Date(timeIntervalSince1970: 0))
  }

  @Test func rawRepresentableInt() {
    @Shared(.appStorage("raw-representable-int")) var id = IntID(rawValue: 42)
    #expect(stored("raw-representable-int") as? Int == 42)
    write(["raw-representable-int": 1729])
    #expect(id == IntID(rawValue: 1729))
  }

  @Test func rawRepresentableString() {
    @Shared(.appStorage("raw-representable-string")) var id = StringID(rawValue: "Blob")
    #expect(stored("raw-representable-string") as? String == "Blob")
    write(["raw-representable-string": "Blob, Jr."])
    #expect(id == StringID(rawValue: "Blob, Jr."))
  }

  @Test func optionalWithoutADefault() {
    @Shared(.appStorage("bool")) var bool: Bool?
    #expect(stored("bool") == nil)
    write(["bool": false])
    #expect(bool == false)
    $bool.withLock { $0 = nil }
    #expect(stored("bool") == nil)
  }

  @Test func optionalWithADefault() {
    @Shared(.appStorage("bool")) var bool: Bool? = true
    #expect(stored("bool") as? Bool == true)
    write(["bool": false])
    #expect(bool == false)
    write([:])
    #expect(bool == true)
    write(["bool": false])
    #expect(bool == false)
    $bool.withLock { $0 = nil }
    #expect(bool == nil)
    #expect(stored("bool") == nil)
  }

  @Test func anotherProcessesChangeReachesASubscribedReference() async {
    @Shared(.appStorage("count")) var count = 0
    let values = $count.values
    write(["count": 42])
    #expect(await first(values, where: { $0 == 42 }) == 42)
  }
}
