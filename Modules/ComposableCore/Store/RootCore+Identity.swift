// MARK: - Reading the identity of observable state

extension RootCore {
  /// Reads the identity of observable state in place; `nil` for other state.
  ///
  /// NB: Inlinable, so that where the store is made, the state's type known, the reading is a
  ///     load: unspecialized, it copies the state at every read.
  @inlinable
  static func identityReader() -> ((UnsafeRawPointer) -> ObservableStateID)? {
    func reader<S: ObservableState>(_: S.Type) -> (UnsafeRawPointer) -> ObservableStateID {
      { $0.assumingMemoryBound(to: S.self).pointee._$id }
    }
    return (State.self as? any ObservableState.Type).map { reader($0) }
  }

  /// The identity of the state now, when it is observable.
  @inlinable
  func stateIdentity() -> ObservableStateID? {
    guard let identity else { return nil }
    return withMutablePointer(to: &currentState) { identity(UnsafeRawPointer($0)) }
  }
}
