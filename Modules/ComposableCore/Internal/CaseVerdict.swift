/// What an enum tag says of the values with it, for a ``PreparedCasePath``.
@usableFromInline
enum CaseVerdict: UInt8 {
  case unknown, thisCase, otherCase
}
