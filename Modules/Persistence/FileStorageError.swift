import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What went wrong reading or writing a file-backed shared value.
public enum FileStorageError: Error, CustomStringConvertible, Sendable {
  /// The file could not be decoded; the value fell back to its default and the file was kept
  /// aside at `movedTo` (or left in place when `movedTo` is `nil`, because moving failed).
  case corruptFile(url: URL, movedTo: URL?, reason: String)
  /// The file exists but could not be read (no permission, a directory in its place); the value
  /// fell back to its default and the file was kept aside at `movedTo` (or left in place when
  /// `movedTo` is `nil`, because moving failed — then nothing is written over it).
  case unreadableFile(url: URL, movedTo: URL?, reason: String)
  /// A value in a shared file (`app-storage.json`) is not of the type it is read as; the key
  /// reads as its default, and a copy of the file was kept at `copiedTo` (when copying worked)
  /// before anything is written over it.
  case mismatchedValue(url: URL, key: String, copiedTo: URL?)
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
    case let .unreadableFile(url, movedTo, reason):
      let aside = movedTo.map { "moved aside to \($0.path)" } ?? "left in place and will not be written over"
      return "Could not read \(url.path) (\(reason)); using the default value, the file was \(aside)."
    case let .mismatchedValue(url, key, copiedTo):
      let copy = copiedTo.map { "a copy of the file was kept at \($0.path)" } ?? "the file could not be copied"
      return "The value of \"\(key)\" in \(url.path) is not of the type it is read as; using the default value, \(copy)."
    case let .conflictingWrite(url, theirsMovedTo):
      return "\(url.path) was changed by another writer while a write was pending; this process's value was written and the other one kept at \(theirsMovedTo.path)."
    case let .posix(url, operation, code):
      return "\(operation) failed for \(url.path): \(Self.message(errno: code))"
    case let .writeFailed(url, reason):
      return "Could not write \(url.path): \(reason)"
    }
  }

  /// The system's sentence for `errno`, e.g. "Permission denied".
  static func message(errno code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// Why `error` happened, in a few words on one line: a decoding error's own description and
  /// where in the file it was, a system error's message.
  static func reason(_ error: any Error) -> String {
    let reason: String
    switch error {
    case let FileStorageError.posix(_, _, code):
      reason = message(errno: code)
    case let error as DecodingError:
      reason = describe(error)
    default:
      reason = String(describing: error)
    }
    return reason.split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  private static func describe(_ error: DecodingError) -> String {
    let context: DecodingError.Context
    switch error {
    case let .dataCorrupted(c), let .keyNotFound(_, c), let .typeMismatch(_, c), let .valueNotFound(_, c):
      context = c
    @unknown default:
      return String(describing: error)
    }
    var text = context.debugDescription
    if case let .keyNotFound(key, _) = error { text = "missing key \"\(key.stringValue)\"" }
    if text.hasSuffix(".") { text.removeLast() }
    guard !context.codingPath.isEmpty else { return text }
    let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    return "\(text), at \(path)"
  }
}

extension FileStorageError {
  /// What a file-backed value's `loadError` holds when its file failed to decode and was kept
  /// aside (`report`): the decoder's own `DecodingError`, as swift-sharing's `loadError` is, with
  /// `report`'s sentence after the decoder's description. Another error from a custom decoder
  /// is `report` itself.
  static func loadError(decoding error: any Error, keptAside report: FileStorageError) -> any Error {
    guard let error = error as? DecodingError else { return report }
    func adding(_ context: DecodingError.Context) -> DecodingError.Context {
      DecodingError.Context(
        codingPath: context.codingPath,
        debugDescription: "\(context.debugDescription) \(report.description)",
        underlyingError: context.underlyingError
      )
    }
    switch error {
    case .typeMismatch(let type, let context): return DecodingError.typeMismatch(type, adding(context))
    case .valueNotFound(let type, let context): return DecodingError.valueNotFound(type, adding(context))
    case .keyNotFound(let key, let context): return DecodingError.keyNotFound(key, adding(context))
    case .dataCorrupted(let context): return DecodingError.dataCorrupted(adding(context))
    @unknown default: return report
    }
  }
}
