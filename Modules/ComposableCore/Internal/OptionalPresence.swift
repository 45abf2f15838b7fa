/// Whether the optional at `pointer` holds a value, asked where it lies.
///
/// Asking an optional `!= nil` (or switching over it, or mapping it) copies it first when its
/// wrapped type is address-only, as a state holding a presentation is (its identity's `id` is an
/// existential), and destroys the copy after: for a presented child, a copy of every reference
/// it holds at every modification of the presentation. An optional is a single-payload enum
/// with one empty case, so its wrapped type's `getEnumTagSinglePayload` witness reads its case
/// from memory: 0 for a value. Specialized for a known type, the compiler reads the witness at
/// compile time and inlines the check.
///
/// NB: Reads the Swift runtime's value witness table as ``EnumPayloadReader`` does: the
///     seventh entry, after the copy, assignment and destruction witnesses.
@inlinable
func isPresent<Wrapped>(at pointer: UnsafePointer<Wrapped?>) -> Bool {
  let metadata = unsafeBitCast(Wrapped.self as Any.Type, to: UnsafeRawPointer.self)
  let witnesses = metadata.load(fromByteOffset: -pointerSize, as: UnsafeRawPointer.self)
  let tag = witnesses.load(
    fromByteOffset: 6 * pointerSize,
    as: (@convention(c) (UnsafeRawPointer, UInt32, UnsafeRawPointer) -> UInt32).self
  )
  return tag(UnsafeRawPointer(pointer), 1, metadata) == 0
}
