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
  ///
  /// NB: A one-case indirect enum is a reference to its box: cast to `AnyObject`, the reference
  ///     is copied (retained), and `passRetained` hands that retain to the caller. No generic
  ///     function is called on the enum's type, so where this runs unspecialized (a path two
  ///     cases deep, whose middle type is known only at run time) the enum's metadata is not
  ///     looked up in the runtime's cache: only the box's, as the compiler's own boxing does.
  @inlinable
  static func retainedBox(holding value: Value) -> UnsafeRawPointer {
    let object = unsafeBitCast(Self.value(value), to: AnyObject.self)
    return UnsafeRawPointer(Unmanaged.passRetained(object).toOpaque())
  }
}
