import Foundation

/// The first line of a session file: the format's version, and what ran.
public struct SessionHeader: Equatable, Sendable {
  /// The version of the format this app writes and replays.
  public static let currentVersion = 1

  /// The version of the format the file is written in.
  public var version: Int
  /// What ran: `app` for the whole app, or the feature `app preview` ran alone.
  public var feature: String
  /// Whether a person typed at the line editor (output is then not compared on replay: it
  /// depends on when the person typed) rather than a script piped the lines.
  public var isInteractive: Bool
  /// What the launcher was given that the replay must be given too, e.g. a preview's seeds.
  public var arguments: [String]

  /// Creates a header for the current version.
  public init(feature: String, isInteractive: Bool, arguments: [String] = []) {
    self.version = Self.currentVersion
    self.feature = feature
    self.isInteractive = isInteractive
    self.arguments = arguments
  }

  /// The header as one line of JSON, without the line break.
  public var jsonLine: String {
    var json = JSONLineWriter()
    json.integer("session", version)
    json.string("feature", feature)
    json.bool("interactive", isInteractive)
    if !arguments.isEmpty { json.strings("arguments", arguments) }
    return json.finished
  }
}

/// A session file, read: its header and its events, and whether the run it records was cut
/// short (killed, or crashed) before it could write its last event.
///
/// A session file is untrusted input. Reading one never crashes and never writes: what is wrong
/// with it is a ``SessionFileError`` that says so in one line.
public struct SessionFile: Equatable, Sendable {
  /// The largest file read: a session of a million commands fits many times over.
  public static let maximumSize = 256 << 20

  /// The file's name, as messages call it.
  public var name: String
  /// What ran, and how.
  public var header: SessionHeader
  /// The events, in the order they happened.
  public var events: [SessionEvent]
  /// Whether the run ended before its `exit` event: the file holds a prefix of a run, its last
  /// line perhaps torn (and then left out).
  public var isCutShort: Bool
  /// The number of the last line read (its header is line 1), for saying where a cut-short
  /// session stops.
  public var lastLine: Int

  /// Creates a session from its parts.
  public init(name: String = "session", header: SessionHeader, events: [SessionEvent], isCutShort: Bool = false) {
    self.name = name
    self.header = header
    self.events = events
    self.isCutShort = isCutShort
    self.lastLine = events.count + 1
  }

  /// Reads the session file at `url`.
  public init(contentsOf url: URL) throws(SessionFileError) {
    let name = url.lastPathComponent
    let size: Int
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
      if attributes[.type] as? FileAttributeType == .typeDirectory { throw SessionFileError(name, .isDirectory) }
      size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    } catch let error as SessionFileError {
      throw error
    } catch {
      throw SessionFileError(name, .unreadable((error as NSError).localizedDescription))
    }
    guard size <= Self.maximumSize else { throw SessionFileError(name, .tooLarge(size: size)) }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw SessionFileError(name, .unreadable((error as NSError).localizedDescription))
    }
    try self.init(data: data, name: name)
  }

  /// Reads a session from its bytes; `name` is how errors call it.
  public init(data: Data, name: String) throws(SessionFileError) {
    guard data.count <= Self.maximumSize else { throw SessionFileError(name, .tooLarge(size: data.count)) }
    guard !data.isEmpty else { throw SessionFileError(name, .empty) }
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // NB: Every event ends in a line break; what follows the last one is a line the run was
    //     killed while writing (or nothing).
    let torn = lines.removeLast()
    guard let first = lines.first else {
      // NB: A header is written with its line break in one write; a file with no line break
      //     that starts as a header does is one the run was killed while writing.
      throw SessionFileError(name, torn.starts(with: Self.headerStart) ? .cutShortInHeader : .notASession)
    }
    guard let header = Self.object(in: first) else { throw SessionFileError(name, .notASession) }
    guard let number = header["session"] as? NSNumber else {
      throw SessionFileError(name, .notASession)
    }
    guard let version = Int(exactly: number.doubleValue) else {
      throw SessionFileError(name, .malformed(line: 1, reason: "its format version \(number) is not a whole number"))
    }
    guard version == SessionHeader.currentVersion else { throw SessionFileError(name, .version(version)) }
    guard let feature = header["feature"] as? String, let isInteractive = header["interactive"] as? Bool else {
      throw SessionFileError(name, .malformed(line: 1, reason: "its header names no feature"))
    }
    var events: [SessionEvent] = []
    events.reserveCapacity(lines.count)
    for (offset, line) in lines.enumerated().dropFirst() {
      guard let object = Self.object(in: line) else {
        throw SessionFileError(name, .malformed(line: offset + 1, reason: "it is not a JSON object"))
      }
      guard let event = SessionEvent(json: object) else {
        throw SessionFileError(name, .malformed(line: offset + 1, reason: "it is no event this app knows"))
      }
      events.append(event)
    }
    self.name = name
    guard let arguments = (header["arguments"] ?? [String]()) as? [String] else {
      throw SessionFileError(name, .malformed(line: 1, reason: "its arguments are not a list of strings"))
    }
    self.header = SessionHeader(feature: feature, isInteractive: isInteractive, arguments: arguments)
    self.header.version = version
    self.events = events
    if case .exit = events.last { self.isCutShort = !torn.isEmpty } else { self.isCutShort = true }
    self.lastLine = lines.count
  }

  /// The file's text: the header and one line per event.
  public var text: String {
    ([header.jsonLine] + events.map(\.jsonLine)).map { $0 + "\n" }.joined()
  }

  /// How every header this app writes starts.
  private static let headerStart = Data(#"{"session":"#.utf8)

  private static func object(in line: Data.SubSequence) -> [String: Any]? {
    guard !line.isEmpty, line.first == UInt8(ascii: "{") else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any]
  }
}
