/// What makes presented state the same presentation: its type, its enum case, and its `id`
/// (or its case's payload's) when it is `Identifiable`. A presentation replaced by one of
/// another identity has its effects cancelled, as if dismissed.
@usableFromInline
struct PresentedIdentity: Hashable, @unchecked Sendable {
  // NB: `@unchecked` for `AnyHashable`, which holds an `id` read from the state, a value.
  @usableFromInline let type: ObjectIdentifier
  @usableFromInline let tag: UInt32?
  @usableFromInline let id: AnyHashable?

  @usableFromInline
  init(type: ObjectIdentifier, tag: UInt32?, id: AnyHashable?) {
    self.type = type
    self.tag = tag
    self.id = id
  }
}
