import IssueReporting
import Locking

/// The one-shot callback behind a load or save continuation: resumed once; resuming again, or
/// never, is reported as an issue (a never-resumed continuation resumes with `nil` when released,
/// so nothing waits forever).
final class ContinuationBox<Value>: Sendable {
  private let callback: Lock<(@Sendable (Result<Value?, any Error>) -> Void)?>
  private let name: @Sendable () -> String

  init(
    name: @escaping @Sendable () -> String,
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.callback = Lock(callback)
    self.name = name
  }

  func resume(with result: Result<Value?, any Error>) {
    guard let callback = callback.withLock({ $0.take() }) else {
      reportIssue("\(displayName) resumed its continuation more than once.")
      return
    }
    callback(result)
  }

  private var displayName: String {
    let name = name()
    return name.isEmpty ? "A shared key" : "'\(name)'"
  }

  deinit {
    guard let callback = callback.withLock({ $0.take() }) else { return }
    reportIssue(
      """
      \(displayName) released its continuation without resuming it; whatever waited on it \
      resumes now, as if nothing was loaded or saved.
      """
    )
    callback(.success(nil))
  }
}
