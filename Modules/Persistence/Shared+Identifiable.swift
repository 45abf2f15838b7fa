import Observation

extension Shared: Identifiable where Value: Identifiable {
  /// The identity of the value referred to.
  public var id: Value.ID { wrappedValue.id }
}

extension SharedReader: Identifiable where Value: Identifiable {
  /// The identity of the value referred to.
  public var id: Value.ID { wrappedValue.id }
}

/// Reading a `Shared` inside `withObservationTracking` tracks the value it refers to.
extension Shared: Observable {}

/// Reading a `SharedReader` inside `withObservationTracking` tracks the value it refers to.
extension SharedReader: Observable {}
