import Foundation

/// What a file held, as a length and a 128-bit digest: enough to tell whether it changed since,
/// without keeping its bytes. A file of 100,000 todos is 10 MB, which a copy kept to compare
/// against would double.
///
/// NB: Two hashes of the bytes, each seeded anew per process: files that differ collide with
///     odds of 2⁻¹²⁸, and the digest is never written anywhere, so a per-process seed is enough.
struct FileDigest: Equatable, Sendable {
  private let count: Int
  private let first: Int
  private let second: Int

  init(_ data: Data) {
    count = data.count
    var first = Hasher()
    var second = Hasher()
    first.combine(0x5f3759df)
    second.combine(0x2545f491)
    data.withUnsafeBytes { bytes in
      first.combine(bytes: bytes)
      second.combine(bytes: bytes)
    }
    self.first = first.finalize()
    self.second = second.finalize()
  }
}

extension Optional where Wrapped == Data {
  /// The digest of the data, if any.
  var digest: FileDigest? { map(FileDigest.init) }
}
