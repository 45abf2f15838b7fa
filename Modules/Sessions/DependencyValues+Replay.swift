import ComposableCore
import Dependencies
import Foundation
import Persistence

extension DependencyValues {
  /// The dependencies every replay answers from its session, set here: the continuous clock, the
  /// ids and the dates as the recording answered them, the files in memory in `directory`
  /// (written on `storage`'s clock), and stack ids from 0 as a run of its own makes them.
  ///
  /// It also sets the test context, so that a dependency the session does not answer never
  /// passes unnoticed: a client with a test value (a `@DependencyClient`'s is unimplemented)
  /// fails when it is called, and one with no test value is reported as having none — which
  /// fails the test replaying it; swift-dependencies then answers with its live value, so
  /// `app replay` prints the report. A feature that reads a client its app forgot to record and
  /// replay fails its replay's test.
  public mutating func replay(by cursor: ReplayCursor, storage: FileStorage, directory: URL) {
    context = .test
    continuousClock = ReplayClock(cursor: cursor)
    uuid = .replayed(by: cursor)
    date = .replayed(by: cursor)
    defaultFileStorage = storage
    defaultDataDirectory = directory
    // NB: A recorded run's stack ids start from 0, in a process of its own; so do the replay's,
    //     however many replays a process runs.
    stackElementID = .incrementing()
  }
}
