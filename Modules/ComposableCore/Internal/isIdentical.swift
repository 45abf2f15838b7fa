/// Whether two values have the same bits — for copy-on-write collections, the same storage —
/// and so are equal without comparing their elements.
@inline(__always)
@usableFromInline
package func isIdentical<T>(_ lhs: T, _ rhs: T) -> Bool {
  withUnsafeBytes(of: lhs) { lhs in
    withUnsafeBytes(of: rhs) { rhs in lhs.elementsEqual(rhs) }
  }
}
