@_spi(Reflection) import CasePaths

/// Reads the ``PresentedIdentity`` of values of one type, with what the type allows worked out
/// once: whether it is an enum, and how to read its `id` when it is `Identifiable`. For a
/// struct that is not `Identifiable` — the common child — an identity is its type alone, read
/// without a cast or an allocation.
struct PresentedIdentityReader<State> {
  private let metadata: EnumMetadata?
  private let id: ((State) -> AnyHashable)?

  init() {
    metadata = EnumMetadata(State.self)
    id = metadata == nil ? identifierReader(of: State.self) : nil
  }

  func identity(of state: State) -> PresentedIdentity {
    let type = ObjectIdentifier(State.self)
    if let metadata {
      // NB: A case's payload is read only for enums, the rarer presented state: destinations.
      return PresentedIdentity(
        type: type,
        tag: metadata.tag(of: state),
        id: Mirror(reflecting: state).children.first.flatMap { identifier(of: $0.value) }
      )
    }
    return PresentedIdentity(type: type, tag: nil, id: id?(state))
  }
}

/// How to read the `id` of a value of type `State`, when it is `Identifiable`.
private func identifierReader<State>(of _: State.Type) -> ((State) -> AnyHashable)? {
  guard let identifiable = State.self as? any Identifiable.Type else { return nil }
  func reader<Value: Identifiable>(_: Value.Type) -> (State) -> AnyHashable {
    { AnyHashable(($0 as! Value).id) }
  }
  return reader(identifiable)
}

/// The `id` of `value`, when it is `Identifiable`.
private func identifier(of value: Any) -> AnyHashable? {
  guard let value = value as? any Identifiable else { return nil }
  return hashableID(of: value)
}

private func hashableID<Value: Identifiable>(of value: Value) -> AnyHashable {
  AnyHashable(value.id)
}
