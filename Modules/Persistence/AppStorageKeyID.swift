/// The identity of an ``AppStorageKey``: its name and the file it lives in.
public struct AppStorageKeyID: Hashable, Sendable {
  let name: String
  let path: String
  let storage: ObjectIdentifier
}
