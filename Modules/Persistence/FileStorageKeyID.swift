/// The identity of a ``FileStorageKey``: the canonical path of its file.
public struct FileStorageKeyID: Hashable, Sendable {
  let path: String
  let storage: ObjectIdentifier
}
