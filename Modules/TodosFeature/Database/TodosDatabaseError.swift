import Foundation

/// Why the todos database could not be opened: each says so in one line, naming the file.
public enum TodosDatabaseError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The database was made by a newer version of the app (it has applied migrations this one
  /// does not know); it is left as it is, never migrated down.
  case newerSchema(path: String)
  /// The database could not be opened or written (read-only, locked past the busy timeout, a
  /// directory in its place…); it is left as it is.
  case unusable(path: String, reason: String)

  /// One line naming the file and what to do.
  public var description: String {
    switch self {
    case .newerSchema(let path):
      "\(path) was written by a newer version of the app; it is left as it is. Open it with that version."
    case .unusable(let path, let reason):
      "Could not open \(path) (\(reason)); it is left as it is."
    }
  }
}
