import Clocks
import Dependencies
import Foundation

/// A clock that records, in a session, each sleep that ends (a sleep cancelled first is not an
/// answer the run saw).
///
/// Each clock records under a name of its own: `sleep` for the features' clock, `write-delay`
/// for the one that spaces a file's writes (see ``SessionRecorder/recordingStorage()``), so the
/// sleeps of one are numbered apart from the other's.
public struct RecordingClock<Base: Clock<Duration>>: Clock {
  /// The clock that really sleeps.
  public let base: Base
  let recorder: SessionRecorder
  /// The name its sleeps are recorded under.
  public let name: String

  /// `base`, its sleeps recorded by `recorder` under `name`.
  public init(_ base: Base, recorder: SessionRecorder, name: String = "sleep") {
    self.base = base
    self.recorder = recorder
    self.name = name
  }

  /// The base clock's time.
  public var now: Base.Instant { base.now }
  /// The base clock's resolution.
  public var minimumResolution: Duration { base.minimumResolution }

  /// Sleeps on the base clock, then records that the sleep ended.
  public func sleep(until deadline: Base.Instant, tolerance: Duration?) async throws {
    let call = recorder.nextCall(of: name)
    let length = base.now.duration(to: deadline)
    try await base.sleep(until: deadline, tolerance: tolerance)
    guard !Task.isCancelled else { throw CancellationError() }
    recorder.record(.answer(dependency: name, call: call, value: Self.seconds(length)))
  }

  /// A duration as seconds, to the millisecond: how long a sleep was asked to be, for a reader.
  static func seconds(_ duration: Duration) -> String {
    let milliseconds = max(0, Int((Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18) * 1000 + 0.5))
    return "\(milliseconds / 1000).\(String(milliseconds % 1000 + 1000).dropFirst())"
  }
}

/// The clock a replayed session runs on: each sleep ends when the replay reaches the event that
/// says the recorded sleep ended, and the clock's time then moves to its deadline — except on the
/// clock of the files' writers (``writeDelays(cursor:)``), whose time stands still.
public struct ReplayClock: Clock {
  /// A point in a replay's time: how far it is from the replay's start.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since the replay started.
    public var offset: Duration

    /// This instant moved by `duration`.
    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    /// The time from this instant to `other`.
    public func duration(to other: Self) -> Duration { other.offset - offset }
    /// Whether `lhs` comes first.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  let cursor: ReplayCursor
  /// The name its sleeps were recorded under.
  public let name: String
  /// Whether its time stays at the replay's start, the sleeps that end moving it no further.
  let timeStandsStill: Bool

  /// A clock whose sleeps `cursor` ends: those recorded under `name`.
  public init(cursor: ReplayCursor, name: String = "sleep") {
    self.init(cursor: cursor, name: name, timeStandsStill: false)
  }

  private init(cursor: ReplayCursor, name: String, timeStandsStill: Bool) {
    self.cursor = cursor
    self.name = name
    self.timeStandsStill = timeStandsStill
  }

  /// The clock of the files' writers in a replay (give it to `FileStorage.inMemory(files:clock:)`):
  /// their sleeps, recorded as `write-delay`, end when the replay reaches them, and its time
  /// stands still, so a writer's interval is over only when the replay ends its sleep.
  ///
  /// NB: A writer skips the sleep of an interval already over. Two writers whose intervals
  ///     started together end them at the same replay instant; had the first sleep's end moved
  ///     the time there, a writer whose loop had not yet begun its sleep (a busy process keeps
  ///     its task waiting) would find its interval over and never ask for the sleep the recorded
  ///     run made — the replay would then wait for it in vain.
  public static func writeDelays(cursor: ReplayCursor) -> Self {
    Self(cursor: cursor, name: SessionRecorder.writeDelay, timeStandsStill: true)
  }

  /// The replay's time now.
  public var now: Instant { Instant(offset: timeStandsStill ? .zero : cursor.now) }
  /// Any duration.
  public var minimumResolution: Duration { .zero }

  /// Waits for the recorded end of this sleep.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    _ = try await cursor.answer(of: name)
    if !timeStandsStill { cursor.advanceClock(to: deadline.offset) }
  }
}
