import ComposableCore
import CasePaths

// NB: The receiving and finishing TCA deprecated — by a case path (`AnyCasePath`) since 1.4, with
//     a timeout in nanoseconds since 1.0 — with its messages. Each asserts as its current form
//     does. Left out of the documentation: they share their names with the current forms, which
//     the documentation links to.

extension TestStore {
  /// Asserts the next action an effect sent is in the case `actionCase` extracts, with any
  /// value: the older form of receiving by a case key path.
  @_disfavoredOverload
  @_documentation(visibility: internal)
  @available(
    *,
    deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public func receive<Value>(
    _ actionCase: AnyCasePath<Action, Value>,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { actionCase.extract(from: $0) != nil },
      failureMessage: "Expected to receive an action matching case path, but didn't get one.",
      unexpectedActionDescription: { Self.dump($0).indentedBy(2) },
      timeout: duration, assert: updateStateToExpectedResult,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Waits for every running effect to finish, with the timeout in nanoseconds.
  @_documentation(visibility: internal)
  @available(*, deprecated, message: "Use the overload that takes a 'Duration' timeout, instead.")
  @_disfavoredOverload
  public func finish(
    timeout nanoseconds: UInt64,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await finish(
      timeout: Duration(nanoseconds: nanoseconds),
      fileID: fileID, file: filePath, line: line, column: column
    )
  }

  /// Asserts the next action an effect sent is `expectedAction`, with the timeout in
  /// nanoseconds.
  @_documentation(visibility: internal)
  @available(*, deprecated, message: "Use the overload that takes a 'Duration' timeout, instead.")
  @_disfavoredOverload
  public func receive(
    _ expectedAction: Action,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      expectedAction, timeout: Duration(nanoseconds: nanoseconds),
      assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column
    )
  }

  /// Asserts the next action an effect sent satisfies `isMatching`, with the timeout in
  /// nanoseconds.
  @_documentation(visibility: internal)
  @available(*, deprecated, message: "Use the overload that takes a 'Duration' timeout, instead.")
  @_disfavoredOverload
  public func receive(
    _ isMatching: @escaping (_ action: Action) -> Bool,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      isMatching, timeout: Duration(nanoseconds: nanoseconds),
      assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column
    )
  }

  /// Asserts the next action an effect sent is in the case at `actionCase`, with the timeout in
  /// nanoseconds.
  @_documentation(visibility: internal)
  @available(*, deprecated, message: "Use the overload that takes a 'Duration' timeout, instead.")
  @_disfavoredOverload
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      actionCase, timeout: Duration(nanoseconds: nanoseconds),
      assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column
    )
  }

  /// Asserts the next action an effect sent is in the case at `actionCase` with `value`, with
  /// the timeout in nanoseconds.
  @_documentation(visibility: internal)
  @available(*, deprecated, message: "Use the overload that takes a 'Duration' timeout, instead.")
  @_disfavoredOverload
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    await receive(
      actionCase, value, timeout: Duration(nanoseconds: nanoseconds),
      assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column
    )
  }

  /// Asserts the next action an effect sent is in the case `actionCase` extracts, with the
  /// timeout in nanoseconds.
  @_documentation(visibility: internal)
  @available(*, deprecated, message: "Use the overload that takes a 'Duration' timeout, instead.")
  @_disfavoredOverload
  public func receive<Value>(
    _ actionCase: AnyCasePath<Action, Value>,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { actionCase.extract(from: $0) != nil },
      failureMessage: "Expected to receive an action matching case path, but didn't get one.",
      unexpectedActionDescription: { Self.dump($0).indentedBy(2) },
      timeout: Duration(nanoseconds: nanoseconds), assert: updateStateToExpectedResult,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension TestStoreTask {
  /// Waits for the effects to finish, with the timeout in nanoseconds.
  @_documentation(visibility: internal)
  @available(*, deprecated, message: "Use the overload that takes a 'Duration' timeout, instead.")
  @_disfavoredOverload
  public func finish(
    timeout nanoseconds: UInt64,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await finish(
      timeout: Duration(nanoseconds: nanoseconds),
      fileID: fileID, file: filePath, line: line, column: column
    )
  }
}

extension Duration {
  /// A duration of `nanoseconds`, for the timeouts TCA took in nanoseconds.
  fileprivate init(nanoseconds: UInt64) {
    self = .seconds(Int64(nanoseconds / 1_000_000_000)) + .nanoseconds(Int64(nanoseconds % 1_000_000_000))
  }
}
