import ConcurrencyExtras

extension Effect {
  /// Makes this effect cancellable by ``cancel(id:)`` with the same `id`.
  ///
  /// Ids are scoped to the root ``Store`` that runs the effect, and to the child feature that
  /// returned it: two stores, or two elements of a ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``,
  /// never cancel each other's work by sharing an id, and a child cannot cancel its parent's.
  /// A parent cancelling an id reaches the work its children started with it.
  ///
  /// - Parameters:
  ///   - id: Any hashable value; an `enum CancelID { case timer }` reads best.
  ///   - cancelInFlight: Cancels any running effect with the same id before starting this one.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if isNone && !cancelInFlight { return self }
    return Self(
      operation: .cancellable(self, id: AnyHashableSendable(id), cancelInFlight: cancelInFlight)
    )
  }

  /// An effect that cancels every running effect marked cancellable with `id`, by the feature
  /// that returns it or by the child features it integrates.
  ///
  /// Cancelling an id with nothing running, or whose work already finished, does nothing.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(id: AnyHashableSendable(id)))
  }

  /// Scopes the cancel ids of this effect to a child identified by `id`, and marks all of its
  /// work so that ``_cancelNavigation(id:)`` cancels it. Used by `ifLet` and `forEach`.
  @usableFromInline
  func _navigation(id: some Hashable & Sendable) -> Self {
    if isNone { return self }
    return Self(operation: .navigation(self, id: AnyHashableSendable(id)))
  }

  /// An effect that cancels all work of the child identified by `id`.
  @usableFromInline
  static func _cancelNavigation(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancelNavigation(id: AnyHashableSendable(id)))
  }

  /// An effect that cancels all work of the elements at `keyPath` (marked by ``_navigation(id:)``
  /// with a ``NavigationID`` of that key path) whose ids `isKept` refuses: the elements a
  /// `forEach`'s parent removed.
  ///
  /// NB: The store looks only at the work running, so its cost is that work's, not the
  ///     collection's: a list of 100,000 elements that gained one, with no element effect
  ///     running, costs no lookup at all. Comparing the ids before and after would hash every one.
  @usableFromInline
  static func _cancelRemovedElements(
    at keyPath: AnyKeyPath,
    isKept: @escaping @Sendable (AnyHashable) -> Bool
  ) -> Self {
    Self(operation: .cancelRemovedElements(elements: NavigationID(keyPath), isKept: isKept))
  }
}
