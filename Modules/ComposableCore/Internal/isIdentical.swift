/// Whether two values have the same bits — for copy-on-write collections, the same storage —
/// and so are equal without comparing their elements.
///
/// NB: Inlinable, so that it is specialized where it is called: a reducer's prepared tree runs
///     in the feature's module, where an opaque call would compare through `T`'s metadata.
/// NB: Compared a word at a time, then byte by byte after the last whole word: specialized,
///     `T`'s size is a constant and the loops unroll into a few loads (the dependencies a
///     presentation compares at each of its actions are two words), where `elementsEqual` over
///     the bytes runs a call and an iterator per byte.
@inlinable
@inline(__always)
package func isIdentical<T>(_ lhs: T, _ rhs: T) -> Bool {
  withUnsafeBytes(of: lhs) { lhs in
    withUnsafeBytes(of: rhs) { rhs in
      isIdentical(at: lhs.baseAddress!, rhs.baseAddress!, as: T.self)
    }
  }
}

/// Whether the two values of type `T` at `lhs` and `rhs` have the same bits, read where they lie
/// (``isIdentical(_:_:)``).
@inlinable
@inline(__always)
package func isIdentical<T>(at lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, as _: T.Type) -> Bool {
  let size = MemoryLayout<T>.size
  var offset = 0
  while offset &+ 8 <= size {
    guard
      lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        == rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    else { return false }
    offset &+= 8
  }
  while offset < size {
    guard
      lhs.load(fromByteOffset: offset, as: UInt8.self) == rhs.load(fromByteOffset: offset, as: UInt8.self)
    else { return false }
    offset &+= 1
  }
  return true
}
