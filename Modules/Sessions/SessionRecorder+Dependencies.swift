import Foundation
import Persistence

// MARK: - The recorder's side of the dependencies: each answer a run is given, and the disk's
// write intervals

extension SessionRecorder {
  /// The name a recording gives the sleeps that space the disk's writes (``recordingStorage()``),
  /// and a replay's clock for them.
  public static let writeDelay = "write-delay"

  /// The disk, tapped by this recorder (``tap(_:)``), its writes spaced on a clock whose sleeps are
  /// recorded under `write-delay`: whether a change waits to be written decides what another
  /// process's change to the same file does, and a replay must decide it the same way.
  public func recordingStorage() -> FileStorage {
    tap(.live(clock: RecordingClock(ContinuousClock(), recorder: self, name: Self.writeDelay)))
  }

  /// Runs a dependency's call, recording its answer: the value as `encode` writes it, or the
  /// failure's message (the error is then replaced by a ``SessionFailure`` saying the same, so the
  /// run sees what its replay will). A call its task cancelled records nothing.
  public func answer<Value>(
    of dependency: String,
    encode: (Value) -> String,
    _ call: () async throws -> Value
  ) async throws -> Value {
    let number = nextCall(of: dependency)
    do {
      let value = try await call()
      if !Task.isCancelled {
        record(.answer(dependency: dependency, call: number, value: encode(value)))
      }
      return value
    } catch {
      if Task.isCancelled || error is CancellationError { throw error }
      let failure = SessionFailure(error)
      record(.failure(dependency: dependency, call: number, message: failure.message))
      throw failure
    }
  }
}
