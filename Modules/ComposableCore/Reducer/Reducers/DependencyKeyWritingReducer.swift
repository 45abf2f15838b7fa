import Dependencies

extension Reducer {
  /// Overrides a dependency for this reducer and the effects it creates.
  ///
  /// Overrides nest: the one applied closest to the reducer wins, so a child's override beats
  /// its parent's.
  ///
  /// ```swift
  /// Counter()
  ///   .dependency(\.continuousClock, ImmediateClock())
  /// ```
  @inlinable
  @warn_unqualified_access
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Overrides a dependency for this reducer and the effects it creates, naming it by its type:
  /// a dependency that is its own key (`TestDependencyKey` with `Value == Self`).
  ///
  /// ```swift
  /// Feature()
  ///   .dependency(APIClient.mock)
  /// ```
  @inlinable
  @warn_unqualified_access
  public func dependency<Value: TestDependencyKey>(
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> where Value.Value == Value {
    _DependencyKeyWritingReducer(base: self) { $0[Value.self] = value }
  }

  /// Transforms a dependency for this reducer and the effects it creates.
  @inlinable
  @warn_unqualified_access
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// The reducer ``Reducer/dependency(_:_:)`` and ``Reducer/transformDependency(_:transform:)``
/// return.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let update: (inout DependencyValues) -> Void

  @usableFromInline
  init(base: Base, update: @escaping (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  /// Runs the reducer for one action.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    _prepare().reduce(into: &state, action: action)
  }

  /// Prepares the base reducer under the overridden dependencies, and runs it under them.
  @inlinable
  public func _prepare() -> _PreparedReducer<Base.State, Base.Action> {
    let update = self.update
    let base = withDependencies(update) { self.base._prepare().run }
    return _PreparedReducer { state, action in
      withDependencies(update) { base(&state, action) }
    }
  }

  /// Overrides one more dependency in the same reducer, rather than wrapping this one: chained
  /// overrides cost one `withDependencies` per action. The override written first, closest to
  /// the reducer, still wins.
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> Self {
    Self(base: base) { [update] values in
      values[keyPath: keyPath] = value
      update(&values)
    }
  }

  /// Overrides one more dependency, named by its type, in the same reducer, rather than
  /// wrapping this one.
  @inlinable
  public func dependency<Value: TestDependencyKey>(_ value: Value) -> Self where Value.Value == Value {
    Self(base: base) { [update] values in
      values[Value.self] = value
      update(&values)
    }
  }

  /// Transforms one more dependency in the same reducer, rather than wrapping this one. The
  /// transformation written first, closest to the reducer, applies last.
  @inlinable
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> Self {
    Self(base: base) { [update] values in
      transform(&values[keyPath: keyPath])
      update(&values)
    }
  }
}
