import AppDependencies
import ComposableCore
import Dependencies
import Foundation
import Persistence
import Sessions

// MARK: - The app's dependencies, recorded as a run answers them and replayed from a session

extension NumberFactClient {
  /// `base`, each fact and each failure it gives recorded by `recorder`.
  static func recorded(_ base: NumberFactClient, by recorder: SessionRecorder) -> Self {
    Self { number, kind in
      try await recorder.answer(of: "numberFact", encode: { $0 }) { try await base.fetch(number, kind) }
    }
  }

  /// The facts and failures a recorded run was given, each when the replay reaches it.
  static func replayed(by cursor: ReplayCursor) -> Self {
    Self { _, _ in try await cursor.answer(of: "numberFact") }
  }
}

extension DependencyValues {
  /// Records every answer the features read (clock, ids, dates, facts) and, with `storage` (the
  /// recorder's ``SessionRecorder/recordingStorage()``), the files the run starts from, when their
  /// writes wait, and the changes other processes make to them.
  mutating func record(by recorder: SessionRecorder, storage: FileStorage) {
    defaultFileStorage = storage
    func recording<C: Clock<Duration>>(_ clock: C) -> any Clock<Duration> {
      RecordingClock(clock, recorder: recorder)
    }
    continuousClock = recording(continuousClock)
    uuid = .recorded(uuid, by: recorder)
    date = .recorded(date, by: recorder)
    numberFact = .recorded(numberFact, by: recorder)
  }

  /// Replays the answers of a recorded run of the app: those every replay gives (see
  /// `replay(by:storage:directory:)`), and the facts.
  mutating func replayApp(by cursor: ReplayCursor, storage: FileStorage, directory: URL) {
    replay(by: cursor, storage: storage, directory: directory)
    numberFact = .replayed(by: cursor)
  }

}
