/// A random number generator that gives the same numbers for the same seed (SplitMix64), so a
/// failing run of random input can be repeated.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// Creates a generator whose numbers are fixed by `seed`.
  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D4_9BB1_3311_1EB8
    return z ^ (z >> 31)
  }
}
