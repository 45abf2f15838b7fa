import ComposableCore
import CustomDump
import Foundation
import Locking
import Persistence
import Synchronization
import TerminalRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Records a run to a session file as it happens: its input, every action the store processed
/// and where it came from, every answer a dependency gave, every change another process made to
/// a file, and everything printed.
///
/// A launcher makes one when asked to record, and hands it to the parts it records:
///
/// ```swift
/// let recorder = try SessionRecorder(file: url, header: SessionHeader(feature: "app", isInteractive: false), dataDirectory: directory)
/// let store = Store(initialState: AppFeature.State()) {
///   AppFeature().recorded(by: recorder)
/// } withDependencies: {
///   $0.continuousClock = RecordingClock(ContinuousClock(), recorder: recorder)
///   $0.uuid = .recorded(UUIDGenerator { UUID() }, by: recorder)
///   $0.date = .recorded(DateGenerator { Date() }, by: recorder)
///   $0.defaultFileStorage = recorder.recordingStorage()
/// }
/// ```
///
/// Events are written on a thread of their own as soon as they happen (see `SessionWriter`), so a
/// run that is killed leaves a file holding every event up to then. Not recording costs nothing:
/// nothing of this is in the run.
public final class SessionRecorder: TerminalProgramTap, Sendable {
  private let writer: SessionWriter
  /// Paths inside it are recorded relative to it, so a session replays anywhere.
  private let dataDirectory: URL?
  /// Whether the next action the store processes is the one a line asked for.
  private let lineSendPending = Atomic<Bool>(false)
  /// How many calls each dependency has had.
  private let calls = Lock<[String: Int]>([:])
  private let isFinished = Atomic<Bool>(false)

  /// Creates (or empties) the file at `url` and writes `header` to it.
  ///
  /// - Throws: A ``SessionRecorderError`` when the file cannot be created or written.
  public init(file url: URL, header: SessionHeader, dataDirectory: URL?) throws(SessionRecorderError) {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw SessionRecorderError(path: url.path, reason: String(cString: strerror(errno)))
    }
    if let failure = writeAll(header.jsonLine + "\n", to: descriptor) {
      _ = close(descriptor)
      throw SessionRecorderError(path: url.path, reason: String(cString: strerror(failure)))
    }
    self.writer = SessionWriter(descriptor: descriptor)
    self.dataDirectory = dataDirectory?.standardizedFileURL
  }

  /// Records `event`.
  public func record(_ event: SessionEvent) {
    writer.append(.event(event))
  }

  /// Records `action`, processed now: from the line being handled if it is the first action
  /// since the program sent one, else from an effect.
  public func recordAction<Action>(_ action: Action) {
    let origin: SessionEvent.ActionOrigin = lineSendPending.exchange(false, ordering: .relaxed) ? .line : .effect
    // NB: Actions are values; the dump is made on the writer's thread from this copy.
    let action = UncheckedSendable(action)
    writer.append(.action(dump: { $0.dump(action.value) }, from: origin))
  }

  /// The number of this call of `dependency`, counting from 1.
  public func nextCall(of dependency: String) -> Int {
    calls.withLock { calls in
      calls[dependency, default: 0] += 1
      return calls[dependency]!
    }
  }

  /// Writes everything still queued, then the `exit` event, and closes the file; returns why
  /// the file could not be written in full, if it could not. The `exit` event is the file's
  /// last: what is recorded from then on is dropped. Later calls do nothing.
  @discardableResult
  public func finish(status: Int32) -> SessionRecorderError? {
    guard !isFinished.exchange(true, ordering: .relaxed) else { return nil }
    return writer.close(after: .event(.exit(status: status))).map { SessionRecorderError(path: nil, reason: $0) }
  }

  /// Waits until every event recorded so far is in the file, for a test that reads the file
  /// while the run goes on; only before ``finish(status:)``.
  package func flush() {
    writer.flush()
  }

  /// `storage`, telling this recorder which files the run started from and what other processes
  /// changed in them.
  public func tap(_ storage: FileStorage) -> FileStorage {
    storage.tapped(
      onFirstRead: { [weak self] url, data in
        guard let self else { return }
        record(.file(path: path(of: url), contents: data))
      },
      onExternalChange: { [weak self] url, data in
        guard let self else { return }
        record(.externalChange(path: path(of: url), contents: data))
      }
    )
  }

  /// The path recorded for `url`: relative to the data directory when inside it.
  func path(of url: URL) -> String {
    let path = url.standardizedFileURL.path
    guard let directory = dataDirectory?.path else { return path }
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  // MARK: TerminalProgramTap

  /// Records `event`, about to be handled.
  public func willHandle(_ event: TerminalEvent) {
    switch event {
    case .line(let line): record(.line(line))
    case .unreadable(let reason): record(.unreadable(reason))
    case .end: record(.endOfInput)
    case .interrupt: record(.interrupt(typed: nil))
    case .interruptedLine(let typed): record(.interrupt(typed: typed))
    case .resized(let rows): record(.resize(rows: rows))
    }
  }

  /// Marks the next action the store processes as the one the line asked for.
  public func willSendFromLine() {
    lineSendPending.store(true, ordering: .relaxed)
  }

  /// Records `text`, written to `stream`.
  public func wrote(_ text: String, to stream: TerminalOutput.Stream) {
    let stream: SessionEvent.OutputStream = switch stream {
    case .output: .output
    case .error: .error
    case .notice: .notice
    }
    record(.output(text, stream: stream))
  }
}

/// A session file that could not be created or written, in one line.
public struct SessionRecorderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file, when known.
  public var path: String?
  /// The system's reason.
  public var reason: String

  /// The one line to print.
  public var description: String {
    if let path { return "Cannot record the session to \(path): \(reason)" }
    return "The session could not be written in full: \(reason)"
  }
}
