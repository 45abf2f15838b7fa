/// A value in a heap box, as the payload of an `indirect` enum case is kept: the compiler boxes
/// the payload of this enum's one case as it boxes any indirect case's, so the box can be handed
/// to another enum's indirect case of the same payload type.
///
/// NB: Inlinable, so that a box is made specialized for its payload's type: unspecialized, the
///     enum's metadata is looked up in the runtime's cache at every box.
@usableFromInline
indirect enum IndirectPayloadBox<Value> {
  case value(Value)

  /// A new box holding `value`, retained once for its new owner: the address of its heap object.
  @inlinable
  static func retainedBox(holding value: Value) -> UnsafeRawPointer {
    let boxed = Self.value(value)
    return withExtendedLifetime(boxed) {
      // NB: A one-case indirect enum is the address of its box.
      let object = unsafeBitCast(boxed, to: UnsafeRawPointer.self)
      _ = Unmanaged<AnyObject>.fromOpaque(object).retain()
      return object
    }
  }
}
