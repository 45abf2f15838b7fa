import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What went wrong reading or writing a file-backed shared value.
public enum FileStorageError: Error, CustomStringConvertible, Sendable {
  /// The file could not be decoded; the value fell back to its default and the file was kept
  /// aside at `movedTo` (or left in place when `movedTo` is `nil`, because moving failed).
  case corruptFile(url: URL, movedTo: URL?, reason: String)
  /// Another writer changed the file while our own write was pending. Our value was written and
  /// theirs kept aside at `theirsMovedTo`.
  case conflictingWrite(url: URL, theirsMovedTo: URL)
  /// A system call failed.
  case posix(url: URL, operation: String, errno: Int32)
  /// The file could not be written.
  case writeFailed(url: URL, reason: String)

  /// A sentence naming what failed and where.
  public var description: String {
    switch self {
    case let .corruptFile(url, movedTo, reason):
      let aside = movedTo.map { "moved aside to \($0.path)" } ?? "left in place"
      return "Could not decode \(url.path) (\(reason)); using the default value, the file was \(aside)."
    case let .conflictingWrite(url, theirsMovedTo):
      return "\(url.path) was changed by another writer while a write was pending; this process's value was written and the other one kept at \(theirsMovedTo.path)."
    case let .posix(url, operation, code):
      return "\(operation) failed for \(url.path): \(String(cString: strerror(code)))"
    case let .writeFailed(url, reason):
      return "Could not write \(url.path): \(reason)"
    }
  }
}
