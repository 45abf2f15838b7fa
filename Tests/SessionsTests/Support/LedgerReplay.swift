import ComposableCore
import Foundation
import Persistence
import Sessions

extension Ledger {
  /// The header of a piped session of the ledger.
  static let header = #"{"session":1,"feature":"ledger","interactive":false}"#

  /// Replays `events` (one JSON line each) through the ledger; a long patience, so a test that
  /// waited for it would fail by its time limit.
  @MainActor
  static func replay(
    _ events: [String],
    torn: String? = nil,
    ledger: Ledger = Ledger(),
    patience: Duration = .seconds(3600),
    keepsSteps: Bool = false
  ) async throws -> (result: SessionReplayResult, state: Ledger.State, steps: [SessionStep]) {
    let text = ([header] + events).map { $0 + "\n" }.joined() + (torn ?? "")
    let session = try SessionFile(data: Data(text.utf8), name: "ledger.session")
    let replay = SessionReplay<Ledger.State, Ledger.Action>(session, keepsSteps: keepsSteps, patience: patience)
    let directory = URL(fileURLWithPath: "/replayed/data", isDirectory: true)
    let storage = FileStorage.inMemory(files: replay.files(in: directory), clock: ReplayClock.writeDelays(cursor: replay.cursor))
    var ledger = ledger
    ledger.fact = { [cursor = replay.cursor] in try await cursor.answer(of: "fact") }
    let store = Store(initialState: Ledger.State()) {
      ledger.replayed(by: replay)
    } withDependencies: {
      $0.replay(by: replay.cursor, storage: storage, directory: directory)
    }
    let result = await replay.run(LedgerView(), over: store, storage: storage, dataDirectory: directory)
    return (result, store.state, replay.stepsTaken)
  }
}

extension UUID {
  /// The id `UUIDGenerator.incrementing` makes `n`-th, counting from 0.
  init(_ n: Int) {
    self.init(uuidString: "00000000-0000-0000-0000-\(String(format: "%012x", n))")!
  }
}
