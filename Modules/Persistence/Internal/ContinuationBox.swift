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
  private let name: (@Sendable () -> String)?
  /// The reference whose own change was handed to its key, told the outcome in place of a
  /// callback: the box is then the save's only allocation, where the callback capturing the
  /// reference and the key's name took one more. Kept until the box goes, to name the key.
  private let savedTo: (any SaveOutcomeReceiver)?

  init(
    name: @escaping @Sendable () -> String,
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.callback = callback
    self.name = name
    self.savedTo = nil
  }

  init(savedTo reference: any SaveOutcomeReceiver) {
    self.callback = nil
    self.name = nil
    self.savedTo = reference
  }

  func resume(with result: Result<Value?, any Error>) {
    guard !isResumed.exchange(true, ordering: .acquiringAndReleasing) else {
      reportIssue("\(displayName) tried to resume its continuation more than once.")
      return
    }
    tell(result)
  }

  /// Tells the outcome: called once, by the call that won the flag.
  private func tell(_ result: Result<Value?, any Error>) {
    if let savedTo {
      savedTo.persisted(result.map { _ in () })
      return
    }
    let callback = self.callback
    self.callback = nil
    callback?(result)
  }

  private var displayName: String {
    let name = name?() ?? savedTo?.keyName ?? ""
    return name.isEmpty ? "A shared key" : "'\(name)'"
  }

  deinit {
    guard !isResumed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    reportLeak()
  }

  /// Reports a continuation dropped unresumed and resumes it with no value. Apart from
  /// `deinit`, which every save runs: the result it builds is of a type generic over `Value`,
  /// whose metadata `deinit` looked up for every box, resumed or not.
  @inline(never)
  private func reportLeak() {
    reportIssue(
      """
      \(displayName) leaked its continuation without one of its resume methods being \
      invoked. This will cause tasks waiting on it to resume immediately.
      """
    )
    tell(.success(nil))
  }
}

/// What a save continuation made for a reference's own change tells: the outcome, and the key's
/// name for reports of misuse.
protocol SaveOutcomeReceiver: AnyObject, Sendable {
  /// Records the outcome of handing a change to the key.
  func persisted(_ outcome: Result<Void, any Error>)
  /// The key's name.
  var keyName: String { get }
}
