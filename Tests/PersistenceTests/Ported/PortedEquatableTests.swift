import Persistence
import Testing

/// swift-sharing's equality tests: references compare by value.
struct PortedEquatableTests {
  @Test func valuesOfTwoUnpersistedReferences() {
    @Shared(value: 0) var lhs
    @Shared(value: 0) var rhs
    #expect($lhs == $rhs)
    $lhs.withLock { $0 += 1 }
    #expect(lhs != rhs)
    #expect($lhs != $rhs)
    $rhs.withLock { $0 += 1 }
    #expect($lhs == $rhs)
  }

  @Test func anUnpersistedAndAPersistedReference() {
    @Shared(value: 0) var lhs
    @Shared(.inMemory("rhs")) var rhs = 0
    #expect($lhs == $rhs)
    $lhs.withLock { $0 += 1 }
    #expect($lhs != $rhs)
    $rhs.withLock { $0 += 1 }
    #expect($lhs == $rhs)
  }

  @Test func readersDerivedThroughFunctions() {
    @Shared(value: 0) var base: Int
    @SharedReader var double: Int
    @SharedReader var triple: Int
    _double = $base.read { $0 * 2 }
    _triple = $base.read { $0 * 3 }
    #expect(double == triple)
    #expect($double == $triple)
    $base.withLock { $0 += 1 }
    #expect(double != triple)
    #expect($double != $triple)
  }
}
