/// The case of the enum value at `pointer`, asked of the enum's `getEnumTag` value witness where
/// the value lies, given the enum's metadata.
///
/// `EnumMetadata.tag(of:)` asks the same witness, but from a generic function of another
/// module: at each call it copies the value through its witnesses to take its address. Inlined
/// where the enum's type is known, this is two loads and the witness's call.
///
/// NB: Reads the Swift runtime's value witness table as ``EnumPayloadReader`` does: the first
///     of the enum witnesses, after the eight functions every type has, its size, stride, flags
///     and count of extra inhabitants.
@inlinable
func enumTag<Enum>(at pointer: UnsafePointer<Enum>, metadata: UnsafeRawPointer) -> UInt32 {
  let witnesses = metadata.load(fromByteOffset: -pointerSize, as: UnsafeRawPointer.self)
  let getEnumTag = witnesses.load(
    fromByteOffset: 10 * pointerSize + 2 * 4,
    as: (@convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32).self
  )
  return getEnumTag(UnsafeRawPointer(pointer), metadata)
}
