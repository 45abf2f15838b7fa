@_spi(Reflection) import CasePaths

/// Reads the ``PresentedIdentity`` of values of one type, with what the type allows worked out
/// once: whether it is an enum, and how to read its `id` when it is `Identifiable`. For a
/// struct that is not `Identifiable` — the common child — an identity is its type alone, read
/// without a cast or an allocation.
@usableFromInline
struct PresentedIdentityReader<State> {
  /// Reads the identity of an enum's value: its case, and its payload's `id`.
  @usableFromInline let enumIdentity: ((State) -> PresentedIdentity)?
  /// Reads the `id` of an `Identifiable` value that is not an enum.
  @usableFromInline let id: ((State) -> AnyHashable)?
  /// The identity of every value, when it is the type's alone (neither an enum nor
  /// `Identifiable`): two values present are then the same presentation.
  @usableFromInline let typeAlone: PresentedIdentity?

  @usableFromInline
  init() {
    if let metadata = EnumMetadata(State.self) {
      // NB: A case's payload is read only for enums, the rarer presented state: destinations.
      enumIdentity = { state in
        PresentedIdentity(
          type: ObjectIdentifier(State.self),
          tag: metadata.tag(of: state),
          id: Mirror(reflecting: state).children.first.flatMap { identifier(of: $0.value) }
        )
      }
      id = nil
    } else {
      enumIdentity = nil
      id = identifierReader(of: State.self)
    }
    typeAlone = enumIdentity == nil && id == nil
      ? PresentedIdentity(type: ObjectIdentifier(State.self), tag: nil, id: nil)
      : nil
  }

  /// The identity of every value, when it is the type's alone and a value is `present`.
  @inlinable
  func typeAlone(if present: Bool) -> PresentedIdentity? {
    present ? typeAlone : nil
  }

  @inlinable
  func identity(of state: State) -> PresentedIdentity {
    if let typeAlone { return typeAlone }
    if let enumIdentity { return enumIdentity(state) }
    return PresentedIdentity(type: ObjectIdentifier(State.self), tag: nil, id: id?(state))
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
