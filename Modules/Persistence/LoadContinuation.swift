/// How a key hands back what it loaded: call exactly one `resume` method, now or later.
///
/// ```swift
/// func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
///   Task { continuation.resume(with: Result { try await fetch() }) }
/// }
/// ```
public struct LoadContinuation<Value>: Sendable {
  private let box: ContinuationBox<Value>

  /// Creates a continuation that calls `callback` with the outcome: a value, `nil` for the initial
  /// value, or an error. `description` names the key in reports of misuse.
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.box = ContinuationBox(name: description, callback: callback)
  }

  /// Hands back a loaded value.
  public func resume(returning value: Value) {
    resume(with: .success(value))
  }

  /// Reports that loading failed; the reference keeps its value and sets `loadError`.
  public func resume(throwing error: any Error) {
    resume(with: .failure(error))
  }

  /// Says that nothing is stored, so the reference uses its initial value.
  public func resumeReturningInitialValue() {
    resume(with: .success(nil))
  }

  /// Hands back an outcome: a value, `nil` for the initial value, or an error.
  public func resume(with result: Result<Value?, any Error>) {
    box.resume(with: result)
  }
}
