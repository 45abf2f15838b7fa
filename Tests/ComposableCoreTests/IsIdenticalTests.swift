@testable import ComposableCore
import Testing

/// `isIdentical` compares a value's bytes: a difference in any of them, in a whole word or in
/// the bytes after the last, tells two values apart.
struct IsIdenticalTests {
  @Test func aDifferenceInAnyByteTellsValuesApart() {
    expectEveryByteCounts(of: Bytes3(bytes: (1, 2, 3)))
    expectEveryByteCounts(of: Bytes13(word: 0x0102_0304_0506_0708, tail: (9, 10, 11, 12, 13)))
    expectEveryByteCounts(of: (UInt64(1), UInt64(2), UInt64(3)))
  }

  @Test func copyOnWriteValuesAreIdenticalWhileTheyShareStorage() {
    let array = Array(0..<100)
    var copy = array
    #expect(isIdentical(array, copy))
    copy[0] = 0
    #expect(!isIdentical(array, copy))
    #expect(copy == array)
    #expect(isIdentical((), ()))
  }
}

/// Expects `value` identical to itself, and not to any copy with one of its bytes changed.
private func expectEveryByteCounts<T>(of value: T, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
  #expect(isIdentical(value, value), sourceLocation: sourceLocation)
  for index in 0..<MemoryLayout<T>.size {
    var changed = value
    withUnsafeMutableBytes(of: &changed) { $0[index] ^= 0xFF }
    #expect(!isIdentical(value, changed), "byte \(index)", sourceLocation: sourceLocation)
  }
}

/// Three bytes: no whole word.
private struct Bytes3 { var bytes: (UInt8, UInt8, UInt8) }

/// A word and five bytes after it.
private struct Bytes13 {
  var word: UInt64
  var tail: (UInt8, UInt8, UInt8, UInt8, UInt8)
}
