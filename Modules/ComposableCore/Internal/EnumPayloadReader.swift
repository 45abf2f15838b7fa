@_spi(Reflection) import CasePaths

/// Reads the payload of one case of an enum straight from a value's storage, for a
/// ``PreparedCasePath`` whose path is known to be that case's: a copy of the value, the
/// runtime's own projection and re-injection of the case, and one load. It replaces the
/// general extraction (`Case<Root>`, `AllCasePaths`, an `Any` box and casts: about half a
/// microsecond) once the case's tag is known.
///
/// Made only when the case's payload is exactly `Value` (so `case child(Action)` and
/// `case element(id: ID, action: Action)`, not a case with one labeled value, whose path
/// drops the label); `nil` otherwise, and the general extraction goes on.
///
/// NB: This reads the Swift runtime's metadata as swift-case-paths' own reflection does
///     (`EnumMetadata`, which this file also uses): the value witnesses that project and
///     inject an enum's payload, and the field record's "indirect case" flag.
///
/// NB: Its reads and writes are inlinable, so that they run specialized for the enum and the
///     payload where the case path is used: unspecialized, each looked up the metadata of the
///     types it names (the temporary root, the indirect case's box) in the runtime's cache.
@usableFromInline
struct EnumPayloadReader<Root, Value> {
  @usableFromInline let metadata: UnsafeRawPointer
  @usableFromInline let tag: UInt32
  @usableFromInline let isIndirect: Bool
  /// Whether ``root(holding:)`` builds roots of the case: not for an `indirect` case without a
  /// payload to box, which is left to the general path.
  @usableFromInline let buildsRoots: Bool

  @usableFromInline
  init?(tag: UInt32) {
    guard
      let enumMetadata = EnumMetadata(Root.self),
      enumMetadata.associatedValueType(forTag: tag) == Value.self
    else { return nil }
    let metadata = unsafeBitCast(Root.self as Any.Type, to: UnsafeRawPointer.self)
    guard
      let isIndirect = Self.isIndirectCase(tag, metadata: metadata),
      !isIndirect || MemoryLayout<Value>.alignment <= 2 * pointerSize
    else { return nil }
    self.metadata = metadata
    self.tag = tag
    self.isIndirect = isIndirect
    self.buildsRoots = !isIndirect || MemoryLayout<Value>.size > 0
  }

  /// The payload of `root`, which must be in the reader's case.
  @inlinable
  func payload(of root: Root) -> Value {
    var root = root
    return withUnsafeMutableBytes(of: &root) { bytes in
      let pointer = bytes.baseAddress!
      let project = witnesses.load(
        fromByteOffset: 11 * pointerSize + 2 * 4,
        as: (@convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void).self
      )
      project(pointer, metadata)
      defer { injectTag(at: pointer) }
      guard isIndirect else { return pointer.load(as: Value.self) }
      // NB: An indirect case holds a box: its value follows the heap object's two-word header.
      return pointer.load(as: UnsafeRawPointer.self).load(fromByteOffset: 2 * pointerSize, as: Value.self)
    }
  }

  /// A root in the reader's case holding `value`: the payload stored where the case keeps it
  /// (for an `indirect` case, in a new box, as the compiler allocates one), then the case's tag
  /// injected by the runtime. Only for a reader that ``buildsRoots``.
  ///
  /// NB: Where this runs unspecialized (a view's embedding, made in a generic module; the middle
  ///     level of a path two cases deep), every generic type it names is looked up in the
  ///     runtime's cache at each call. So the root is built in a few words on the stack when it
  ///     fits (`withUnsafeTemporaryAllocation` wraps its result in a `Result` of the generic
  ///     type), and the result is a `Root`, not a `Root?`, whose metadata the caller would look
  ///     up to hold it.
  @inlinable
  func root(holding value: Value) -> Root {
    if MemoryLayout<Root>.size <= MemoryLayout<EnumBuildingWords>.size,
      MemoryLayout<Root>.alignment <= MemoryLayout<EnumBuildingWords>.alignment
    {
      var words = EnumBuildingWords()
      let root: Root = withUnsafeMutableBytes(of: &words) { build(value, at: $0.baseAddress.unsafelyUnwrapped) }
      return root
    }
    return rootBuiltInTemporaryAllocation(holding: value)
  }

  /// ``root(holding:)`` for a root too big for its stack words.
  ///
  /// NB: A function of its own: inlined, it would look up its `Result`'s metadata at every
  ///     call, whichever way the call goes.
  @usableFromInline
  @inline(never)
  func rootBuiltInTemporaryAllocation(holding value: Value) -> Root {
    withUnsafeTemporaryAllocation(byteCount: MemoryLayout<Root>.size, alignment: MemoryLayout<Root>.alignment) {
      build(value, at: $0.baseAddress.unsafelyUnwrapped)
    }
  }

  /// Builds a root holding `value` in the uninitialized memory at `pointer`, and moves it out.
  @inlinable
  func build(_ value: Value, at pointer: UnsafeMutableRawPointer) -> Root {
    if isIndirect {
      pointer.storeBytes(of: IndirectPayloadBox.retainedBox(holding: value), as: UnsafeRawPointer.self)
    } else {
      pointer.initializeMemory(as: Value.self, to: value)
    }
    injectTag(at: pointer)
    return pointer.assumingMemoryBound(to: Root.self).move()
  }

  /// The enum's value witnesses.
  @inlinable
  var witnesses: UnsafeRawPointer {
    metadata.load(fromByteOffset: -pointerSize, as: UnsafeRawPointer.self)
  }

  /// Makes the payload at `pointer` a value of the reader's case: the runtime's
  /// `destructiveInjectEnumTag`.
  @inlinable
  func injectTag(at pointer: UnsafeMutableRawPointer) {
    let inject = witnesses.load(
      fromByteOffset: 12 * pointerSize + 2 * 4,
      as: (@convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void).self
    )
    inject(pointer, tag, metadata)
  }

  /// Whether the case with `tag` is `indirect`, from the enum's field records; `nil` when they
  /// cannot be read.
  private static func isIndirectCase(_ tag: UInt32, metadata: UnsafeRawPointer) -> Bool? {
    let descriptor = metadata.load(fromByteOffset: pointerSize, as: UnsafeRawPointer.self)
    let fieldsOffset = Int(descriptor.load(fromByteOffset: 4 * 4, as: Int32.self))
    guard fieldsOffset != 0 else { return nil }
    let fields = descriptor + 4 * 4 + fieldsOffset
    let recordSize = Int(fields.load(fromByteOffset: 2 * 4 + 2, as: UInt16.self))
    let count = fields.load(fromByteOffset: 2 * 4 + 2 * 2, as: UInt32.self)
    guard tag < count else { return nil }
    let flags = fields.load(fromByteOffset: 4 * 4 + Int(tag) * recordSize, as: UInt32.self)
    return flags & 1 != 0
  }
}

/// The size of a pointer, and of a word of metadata.
@inlinable
var pointerSize: Int { MemoryLayout<UnsafeRawPointer>.size }

/// Thirty-two words of stack, where ``EnumPayloadReader`` builds an enum value that fits.
@usableFromInline
struct EnumBuildingWords {
  @usableFromInline typealias Eight = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
  @usableFromInline var words: (Eight, Eight, Eight, Eight)

  @inlinable
  init() {
    let eight: Eight = (0, 0, 0, 0, 0, 0, 0, 0)
    words = (eight, eight, eight, eight)
  }
}
