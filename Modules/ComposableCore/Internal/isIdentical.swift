/// Whether two values have the same bits — for copy-on-write collections, the same storage —
/// and so are equal without comparing their elements.
///
/// NB: Inlinable, so that it is specialized where it is called: a reducer's prepared tree runs
///     in the feature's module, where an opaque call would compare through `T`'s metadata.
@inlinable
@inline(__always)
package func isIdentical<T>(_ lhs: T, _ rhs: T) -> Bool {
  withUnsafeBytes(of: lhs) { lhs in
    withUnsafeBytes(of: rhs) { rhs in lhs.elementsEqual(rhs) }
  }
}
