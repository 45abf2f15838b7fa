import CasePaths
import IssueReporting

/// The result of asynchronous work that may fail with any error, that can be compared in tests:
/// TCA's older way to carry an effect's outcome in an action, before typed throws let `Result`
/// do it.
///
/// ```swift
/// case factResponse(TaskResult<String>)
/// …
/// return .run { [count = state.count] send in
///   await send(.factResponse(TaskResult { try await numberFact.fetch(count) }))
/// }
/// ```
///
/// Two failures are equal when their errors are of one `Equatable` type and equal; an error
/// that is not `Equatable` is reported when compared with one of its own type, as TCA reports
/// it. TCA marks the type with a message pointing to `Result`, without deprecating it; so does
/// this one.
@available(
  *,
  message:
    "Use 'Result', instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Moving-off-of-TaskResult"
)
public enum TaskResult<Success: Sendable>: Sendable {
  /// The work succeeded with a value.
  case success(Success)
  /// The work threw an error.
  case failure(any Error)

  /// Runs `body` and keeps its value, or the error it threw.
  @_transparent
  public init(catching body: @Sendable () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }

  /// The same outcome as `result`.
  @inlinable
  public init<Failure>(_ result: Result<Success, Failure>) {
    switch result {
    case .success(let value): self = .success(value)
    case .failure(let error): self = .failure(error)
    }
  }

  /// The value, or the error thrown.
  @inlinable
  public var value: Success {
    get throws {
      switch self {
      case .success(let value): return value
      case .failure(let error): throw error
      }
    }
  }

  /// The success transformed, a failure kept.
  @inlinable
  public func map<NewSuccess>(_ transform: (Success) -> NewSuccess) -> TaskResult<NewSuccess> {
    switch self {
    case .success(let value): return .success(transform(value))
    case .failure(let error): return .failure(error)
    }
  }

  /// The success replaced by what `transform` makes of it, a failure kept.
  @inlinable
  public func flatMap<NewSuccess>(
    _ transform: (Success) -> TaskResult<NewSuccess>
  ) -> TaskResult<NewSuccess> {
    switch self {
    case .success(let value): return transform(value)
    case .failure(let error): return .failure(error)
    }
  }

  /// `Result`'s name for ``value``, which `TaskResult` does not use.
  @available(*, unavailable, renamed: "value")
  public func get() throws -> Success {
    try value
  }
}

extension TaskResult: CasePathable {
  /// The case paths of the two outcomes: `\.success` and `\.failure`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of ``TaskResult``'s two cases, as `store.receive(\.factResponse.success)`
  /// names them.
  public struct AllCasePaths {
    /// The success case.
    public var success: AnyCasePath<TaskResult, Success> {
      AnyCasePath(embed: { .success($0) }, extract: { if case .success(let value) = $0 { value } else { nil } })
    }

    /// The failure case.
    public var failure: AnyCasePath<TaskResult, any Error> {
      AnyCasePath(embed: { .failure($0) }, extract: { if case .failure(let error) = $0 { error } else { nil } })
    }
  }
}

extension Result where Success: Sendable, Failure == any Error {
  /// The same outcome as `result`.
  @available(
    *,
    message:
      "Use 'Result', instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Moving-off-of-TaskResult"
  )
  @inlinable
  public init(_ result: TaskResult<Success>) {
    switch result {
    case .success(let value): self = .success(value)
    case .failure(let error): self = .failure(error)
    }
  }
}
