import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines a person typed, kept in a file between runs: one line each, oldest first, the last
/// ``limit`` only, never the same line twice in a row. The file is replaced atomically (a new
/// file renamed over the old) and readable by its owner only.
///
/// ```swift
/// let history = LineHistory(file: dataDirectory.appendingPathComponent("history"))
/// var lines = history.load()
/// lines = LineHistory.appending("inc", to: lines, limit: history.limit)
/// try history.save(lines)
/// ```
public struct LineHistory: Sendable {
  /// The file the lines are kept in.
  public var file: URL
  /// How many lines are kept.
  public var limit: Int

  /// A history kept in `file`, the last `limit` lines.
  public init(file: URL, limit: Int = 1000) {
    self.file = file
    self.limit = limit
  }

  /// The lines kept, oldest first; none when the file does not exist or cannot be read.
  public func load() -> [String] {
    guard let data = FileManager.default.contents(atPath: file.path) else { return [] }
    let lines = String(decoding: data, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: true)
      .map(String.init)
    return lines.reduce(into: []) { kept, line in kept = Self.appending(line, to: kept, limit: limit) }
  }

  /// Replaces the file with `lines` (the last ``limit`` of them): written to a new private
  /// file next to it, then renamed over it, so a crash leaves the old file or the new one.
  public func save(_ lines: [String]) throws {
    let directory = file.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let temporary = directory.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).tmp")
    let text = lines.suffix(limit).map { $0 + "\n" }.joined()
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var failure = writeAll(text, to: descriptor) ?? 0
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    close(descriptor)
    if failure == 0, rename(temporary.path, file.path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary.path)
      throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
    }
  }

  /// `lines` with `line` added as the newest, unless it is blank or repeats the newest; the
  /// last `limit` lines.
  public static func appending(_ line: String, to lines: [String], limit: Int) -> [String] {
    guard !line.allSatisfy(\.isWhitespace), line != lines.last else { return Array(lines.suffix(limit)) }
    return Array((lines + [line]).suffix(limit))
  }
}
