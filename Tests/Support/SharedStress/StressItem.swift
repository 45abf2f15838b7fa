/// One element of the value the stress child writes: item `id` always has the title
/// ``title(for:)``, so a reader can tell a value that was written from a torn mix.
struct StressItem: Codable, Equatable, Sendable {
  var id: Int
  var title: String

  init(id: Int) {
    self.id = id
    self.title = Self.title(for: id)
  }

  /// A title long enough that each write takes a while, so a kill often lands mid-write.
  static func title(for id: Int) -> String {
    "item \(id) " + String(repeating: "abcdefghij", count: 20)
  }
}
