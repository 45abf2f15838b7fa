/// The identity of an ``InMemoryKey``.
public struct InMemoryKeyID: Hashable, Sendable {
  let name: String
}
