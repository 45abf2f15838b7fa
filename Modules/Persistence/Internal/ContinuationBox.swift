import IssueReporting
import Synchronization

/// The one-shot callback behind a load or save continuation: resumed once; resuming again, or
/// never, is reported as an issue (a never-resumed continuation resumes with `nil` when released,
/// so nothing waits forever).
///
/// NB: An atomic flag, not a lock, decides which call resumes: a key saves on every `withLock`,
/// and a generic lock's metadata lookups cost more than the save itself. Only the call that
/// wins the flag touches `callback`, and releases it, so what it captured is let go at once.
final class ContinuationBox<Value>: @unchecked Sendable {
  private let isResumed = Atomic<Bool>(false)
  private var callback: (@Sendable (Result<Value?, any Error>) -> Void)?
  private let name: @Sendable () -> String

  init(
    name: @escaping @Sendable () -> String,
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.callback = callback
    self.name = name
  }

  func resume(with result: Result<Value?, any Error>) {
    guard let callback = take() else {
      reportIssue("\(displayName) tried to resume its continuation more than once.")
      return
    }
    callback(result)
  }

  /// The callback, for the first caller only.
  private func take() -> (@Sendable (Result<Value?, any Error>) -> Void)? {
    guard !isResumed.exchange(true, ordering: .acquiringAndReleasing) else { return nil }
    defer { callback = nil }
    return callback
  }

  private var displayName: String {
    let name = name()
    return name.isEmpty ? "A shared key" : "'\(name)'"
  }

  deinit {
    guard let callback = take() else { return }
    reportIssue(
      """
      \(displayName) leaked its continuation without one of its resume methods being \
      invoked. This will cause tasks waiting on it to resume immediately.
      """
    )
    callback(.success(nil))
  }
}
