import Foundation

/// Why a session file cannot be replayed, in one line that names the file.
///
/// ```
/// bug.session: session format version 2; this app replays version 1
/// ```
public struct SessionFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Equatable, Sendable {
    /// The file holds nothing.
    case empty
    /// The file is not a session file (its first line is no session header).
    case notASession
    /// The run was killed while writing the header: there is nothing to replay.
    case cutShortInHeader
    /// The file is written in another version of the format.
    case version(Int)
    /// A line is not an event.
    case malformed(line: Int, reason: String)
    /// The file is larger than ``SessionFile/maximumSize``.
    case tooLarge(size: Int)
    /// The file could not be read.
    case unreadable(String)
    /// The path is a directory.
    case isDirectory
    /// The session ran a feature this app does not have.
    case unknownFeature(String, known: [String])
    /// A line of the session names a command this app no longer has.
    case unknownCommand(line: String, event: Int)
    /// A file the session holds (the database a run started from, or another app left) cannot
    /// be opened.
    case unusableFile(path: String, reason: String)
  }

  /// The file's name, as the error calls it.
  public var file: String
  /// What is wrong.
  public var reason: Reason

  /// Creates an error about `file`.
  public init(_ file: String, _ reason: Reason) {
    self.file = file
    self.reason = reason
  }

  /// The one line to print.
  public var description: String {
    "\(file): \(sentence)"
  }

  private static func megabytes(_ size: Int) -> String {
    "\((size + (1 << 20) - 1) >> 20) MB"
  }

  private var sentence: String {
    switch reason {
    case .empty:
      "the file is empty; a session file starts with a header line"
    case .notASession:
      "not a session file: its first line is not a session header ({\"session\":1,…})"
    case .cutShortInHeader:
      "the run was cut short before its header was written; there is nothing to replay"
    case .version(let version):
      "session format version \(version); this app replays version \(SessionHeader.currentVersion)"
    case .malformed(let line, let reason):
      "line \(line) is corrupt: \(reason)"
    case .tooLarge(let size):
      "the file is \(Self.megabytes(size)); sessions up to \(Self.megabytes(SessionFile.maximumSize)) are replayed"
    case .unreadable(let message):
      "cannot be read: \(message)"
    case .isDirectory:
      "is a directory, not a session file"
    case .unknownFeature(let feature, let known):
      "a session of \"\(feature)\", which this app does not have (it has \(known.joined(separator: ", ")))"
    case .unknownCommand(let line, let event):
      "event \(event) types \"\(line)\", a command this app no longer has"
    case .unusableFile(let path, let reason):
      "its \(path) cannot be opened: \(reason)"
    }
  }
}
