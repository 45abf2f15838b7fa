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
    self = PresentedIdentityReader<State>().identity(of: state)
  }

  init(type: ObjectIdentifier, tag: UInt32?, id: AnyHashable?) {
    self.type = type
    self.tag = tag
    self.id = id
  }
}
