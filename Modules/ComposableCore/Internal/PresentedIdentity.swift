@_spi(Reflection) import CasePaths

/// What makes presented state the same presentation: its type, its enum case, and its `id`
/// (or its case's payload's) when it is `Identifiable`. A presentation replaced by one of
/// another identity has its effects cancelled, as if dismissed.
struct PresentedIdentity: Hashable, @unchecked Sendable {
  // NB: `@unchecked` for `AnyHashable`, which holds an `id` read from the state, a value.
  let type: ObjectIdentifier
  let tag: UInt32?
  let id: AnyHashable?

  init<State>(_ state: State) {
    type = ObjectIdentifier(State.self)
    if let metadata = EnumMetadata(State.self) {
      tag = metadata.tag(of: state)
      id = Mirror(reflecting: state).children.first.flatMap { identifier(of: $0.value) }
    } else {
      tag = nil
      id = identifier(of: state)
    }
  }
}

private func identifier(of value: Any) -> AnyHashable? {
  guard let value = value as? any Identifiable else { return nil }
  return hashableID(of: value)
}

private func hashableID<Value: Identifiable>(of value: Value) -> AnyHashable {
  AnyHashable(value.id)
}
