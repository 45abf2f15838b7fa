/// Thrown by `Shared(require:)` when the key has nothing stored.
struct MissingValueError: Error, CustomStringConvertible {
  let key: String

  var description: String { "Nothing is stored for \(key)." }
}
