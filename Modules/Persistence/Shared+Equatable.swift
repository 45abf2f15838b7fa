extension Shared: Equatable where Value: Equatable {
  /// Compares the values. In a ``SharedChangeTracker``'s assertion mode, a reference compared with
  /// itself compares the left side's snapshot with the live value, so unasserted changes show.
  public static func == (lhs: Shared, rhs: Shared) -> Bool {
    if SharedChangeTracker.activeCount.load(ordering: .relaxed) > 0,
      let active = SharedChangeTracker.active, active.isAsserting,
      lhs.reference.root === rhs.reference.root,
      let snapshot = lhs.reference.snapshot(in: active.tracker)
    {
      active.tracker.markAsserted(lhs.reference.root)
      return snapshot == rhs.reference.liveValue
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Compares the values, as ``Shared`` does.
  public static func == (lhs: SharedReader, rhs: SharedReader) -> Bool {
    if SharedChangeTracker.activeCount.load(ordering: .relaxed) > 0,
      let active = SharedChangeTracker.active, active.isAsserting,
      lhs.reference.root === rhs.reference.root,
      let snapshot = lhs.reference.snapshot(in: active.tracker)
    {
      active.tracker.markAsserted(lhs.reference.root)
      return snapshot == rhs.reference.liveValue
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}
