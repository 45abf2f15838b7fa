import ComposableCore
import Testing

struct TaskResultTests {
  struct Equal: Error, Equatable { var code = 0 }
  struct Opaque: Error {}
  struct Other: Error, Equatable {}

  @Test func catchingKeepsTheValueOrTheError() async throws {
    let success = await TaskResult { 42 }
    #expect(try success.value == 42)
    let failure = await TaskResult<Int> { throw Equal(code: 1) }
    #expect(throws: Equal(code: 1)) { try failure.value }
  }

  @Test func failuresCompareTheirErrorsWhenEquatable() {
    #expect(TaskResult<Int>.failure(Equal(code: 1)) == .failure(Equal(code: 1)))
    #expect(TaskResult<Int>.failure(Equal(code: 1)) != .failure(Equal(code: 2)))
    #expect(TaskResult<Int>.failure(Equal()) != .failure(Other()))
    #expect(TaskResult<Int>.success(1) != .failure(Equal()))
    #expect(TaskResult.success(1) == .success(1))
  }

  @Test func twoErrorsOfATypeThatIsNotEquatableAreReportedAndUnequal() {
    withKnownIssue {
      #expect(TaskResult<Int>.failure(Opaque()) != .failure(Opaque()))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined(separator: "\n")
        == """
        "TaskResultTests.Opaque" is not equatable.

        To test two values of this type, it must conform to the "Equatable" protocol. For \
        example:

            extension TaskResultTests.Opaque: Equatable {}

        See the documentation of "TaskResult" for more information.
        """
    }
  }

  @Test func hashingUsesTheValueOrAHashableError() {
    struct Hashed: Error, Hashable { var code: Int }
    let results: Set<TaskResult<Int>> = [.success(1), .success(1), .failure(Hashed(code: 1)), .failure(Hashed(code: 1))]
    #expect(results.count == 2)
    withKnownIssue {
      _ = Set([TaskResult<Int>.failure(Opaque())])
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(#""TaskResultTests.Opaque" is not hashable."#)
    }
  }

  @Test func mapFlatMapAndResultConvertBothWays() throws {
    #expect(TaskResult.success(2).map { $0 * 10 } == .success(20))
    #expect(TaskResult.success(2).flatMap { TaskResult<Int>.failure(Equal(code: $0)) } == .failure(Equal(code: 2)))
    #expect(TaskResult<Int>.failure(Equal()).map { $0 * 10 } == .failure(Equal()))
    #expect(TaskResult(Result<Int, Equal>.failure(Equal(code: 3))) == .failure(Equal(code: 3)))
    let result = Result(TaskResult.success(4))
    #expect(try result.get() == 4)
  }
}
