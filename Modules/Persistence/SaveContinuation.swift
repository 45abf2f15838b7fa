/// How a key reports that a save finished: call exactly one `resume` method, now or later.
public struct SaveContinuation: Sendable {
  private let box: ContinuationBox<Never>

  /// Creates a continuation that calls `callback` with the outcome. `description` names the key in
  /// reports of misuse.
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Never?, any Error>) -> Void
  ) {
    self.box = ContinuationBox(name: description, callback: callback)
  }

  /// A continuation that tells `reference` the outcome of saving its own change.
  init(savedTo reference: any SaveOutcomeReceiver) {
    self.box = ContinuationBox(savedTo: reference)
  }

  /// Reports that the value is stored.
  public func resume() {
    resume(with: .success(()))
  }

  /// Reports that storing failed; the reference sets `saveError`.
  public func resume(throwing error: any Error) {
    resume(with: .failure(error))
  }

  /// Reports an outcome.
  public func resume(with result: Result<Void, any Error>) {
    box.resume(with: result.map { nil })
  }
}
