import Foundation
import Locking
import Persistence
import Testing

/// The continuation a key is handed with a change made through `withLock`, which tells the
/// reference the outcome itself (no callback of its own): its outcome sets or clears
/// `saveError`, now or later, and misuse is reported in the words of any other continuation,
/// naming the key.
struct ChangeSaveContinuationTests {
  /// How the key answers each save.
  enum Answer: Sendable {
    case fail, keep, resumeTwice, succeed
  }

  struct Failure: Error, Equatable {}

  /// What an answering key answers, first to last, and the continuations it kept.
  final class Book: Sendable {
    let answers: Lock<[Answer]>
    let kept = Lock<[SaveContinuation]>([])

    init(_ answers: [Answer]) {
      self.answers = Lock(answers)
    }
  }

  /// A key whose saves are answered as its book says; a kept continuation is held there for the
  /// test to resume.
  struct AnsweringKey: SharedKey {
    let name: String
    let book: Book

    var id: some Hashable { name }

    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      continuation.resumeReturningInitialValue()
    }

    func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
      SharedSubscription {}
    }

    func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
      switch book.answers.withLock({ $0.removeFirst() }) {
      case .fail: continuation.resume(throwing: Failure())
      case .keep: book.kept.withLock { $0.append(continuation) }
      case .resumeTwice:
        continuation.resume()
        continuation.resume()
      case .succeed: continuation.resume()
      }
    }
  }

  private func key(_ answers: Answer...) -> AnsweringKey {
    AnsweringKey(name: "change-save-\(UUID())", book: Book(answers))
  }

  @Test func aFailureSetsTheSaveErrorAndASuccessClearsIt() {
    let key = key(.fail, .succeed)
    @Shared(key) var value = 0

    $value.withLock { $0 = 1 }
    #expect($value.saveError as? Failure == Failure())

    $value.withLock { $0 = 2 }
    #expect($value.saveError == nil)
    #expect(value == 2)
  }

  @Test func anOutcomeToldLaterIsRecordedThen() throws {
    let key = key(.keep)
    @Shared(key) var value = 0

    $value.withLock { $0 = 1 }
    #expect($value.saveError == nil)

    let continuation = try #require(key.book.kept.withLock { $0.first })
    continuation.resume(throwing: Failure())
    #expect($value.saveError as? Failure == Failure())
  }

  @Test func aContinuationNeverResumedIsReportedNamingTheKey() {
    let key = key(.keep)
    @Shared(key) var value = 0
    $value.withLock { $0 = 1 }

    withKnownIssue {
      key.book.kept.withLock { $0.removeAll() }
    } matching: {
      $0.description.hasSuffix(
        """
        '\(key.description)' leaked its continuation without one of its resume methods being \
        invoked. This will cause tasks waiting on it to resume immediately.
        """
      )
    }
    #expect($value.saveError == nil)
  }

  @Test func aContinuationResumedTwiceIsReportedNamingTheKey() {
    let key = key(.resumeTwice)
    @Shared(key) var value = 0

    withKnownIssue {
      $value.withLock { $0 = 1 }
    } matching: {
      $0.description.hasSuffix("'\(key.description)' tried to resume its continuation more than once.")
    }
    #expect($value.saveError == nil)
    #expect(value == 1)
  }
}

extension ChangeSaveContinuationTests.AnsweringKey: CustomStringConvertible {
  var description: String { "AnsweringKey(\(name))" }
}
