import CustomDump

extension Shared: CustomDumpRepresentable, _CustomDiffObject, CustomStringConvertible {
  /// Dumps as the value it holds.
  public var customDumpValue: Any { wrappedValue }

  /// The reference as swift-sharing prints it: `Shared<Int>(value: 0)`,
  /// `Shared<Int>(.appStorage("count"))`.
  public var description: String { "\(typeName(Self.self))(\(reference.description))" }

  /// The values a diff of this reference against itself shows: (snapshot, live) in a tracker's
  /// assertion mode, else the value twice.
  public var _customDiffValues: (Any, Any) { diffValues(reference) }

  /// The identity of the object holding the value.
  public var _objectIdentifier: ObjectIdentifier { ObjectIdentifier(reference.root) }
}

extension SharedReader: CustomDumpRepresentable, _CustomDiffObject, CustomStringConvertible {
  /// Dumps as the value it holds.
  public var customDumpValue: Any { wrappedValue }

  /// The reference as swift-sharing prints it: `SharedReader<Int>(value: 0)`.
  public var description: String { "\(typeName(Self.self))(\(reference.description))" }

  /// The values a diff of this reference against itself shows.
  public var _customDiffValues: (Any, Any) { diffValues(reference) }

  /// The identity of the object holding the value.
  public var _objectIdentifier: ObjectIdentifier { ObjectIdentifier(reference.root) }
}

private func diffValues<Value>(_ reference: any Reference<Value>) -> (Any, Any) {
  if SharedChangeTracker.activeCount.load(ordering: .relaxed) > 0,
    let active = SharedChangeTracker.active, active.isAsserting,
    let snapshot = reference.snapshot(in: active.tracker)
  {
    return (snapshot, reference.liveValue)
  }
  let value = reference.value
  return (value, value)
}
