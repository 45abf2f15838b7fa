import Persistence
import Testing

/// swift-sharing's tests of continuations a key never resumes: reported in its words, ending
/// with them (its own tests match a report by its ending), the key named by its description,
/// and nothing hangs.
struct PortedContinuationTests {
  struct SilentLoadKey: SharedReaderKey {
    var id: some Hashable { "silent-load" }
    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {}
    func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
      SharedSubscription {}
    }
  }

  struct SilentSaveKey: SharedKey {
    var id: some Hashable { "silent-save" }
    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      continuation.resume(returning: 42)
    }
    func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
      SharedSubscription {}
    }
    func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {}
  }

  @Test func aLoadNeverResumedIsReportedAndEndsTheLoad() async throws {
    try await withKnownIssue {
      @SharedReader(SilentLoadKey()) var value = 0
      #expect(!$value.isLoading)
      try await $value.load()
      #expect(!$value.isLoading)
      #expect(value == 0)
    } matching: {
      $0.description.hasSuffix(
        """
        'SilentLoadKey()' leaked its continuation without \
        one of its resume methods being invoked. This will cause tasks waiting on it to resume \
        immediately.
        """
      )
    }
  }

  @Test func aSaveNeverResumedIsReportedAndEndsTheSave() async throws {
    @Shared(SilentSaveKey()) var value = 0
    #expect(value == 42)
    try await withKnownIssue {
      try await $value.save()
    } matching: {
      $0.description.hasSuffix(
        """
        'SilentSaveKey()' leaked its continuation without \
        one of its resume methods being invoked. This will cause tasks waiting on it to resume \
        immediately.
        """
      )
    }
  }

  @Test func aContinuationResumedTwiceIsReported() {
    let continuation = LoadContinuation<Int>("twice") { _ in }
    continuation.resume(returning: 1)
    withKnownIssue {
      continuation.resume(returning: 2)
    } matching: {
      $0.description.hasSuffix("'twice' tried to resume its continuation more than once.")
    }
  }

  final class Captured: Sendable {}

  @Test func aResumedContinuationLetsGoOfWhatItsCallbackCaptured() {
    weak var weakCaptured: Captured?
    let continuation: SaveContinuation = {
      let captured = Captured()
      weakCaptured = captured
      return SaveContinuation("kept") { _ in _ = captured }
    }()
    #expect(weakCaptured != nil)
    continuation.resume()
    #expect(weakCaptured == nil)
  }
}
