@testable import ComposableCore
import Testing

/// `isPresent(at:)` tells a value from `nil` where the optional lies, for every layout the
/// runtime gives an optional: a payload with spare bits or extra inhabitants, a payload with
/// none (an extra tag byte), an empty payload, an optional of an optional, and an address-only
/// payload (what a state holding a presentation is).
struct OptionalPresenceTests {
  @Test func tellsAValueFromNilForEachLayout() {
    expectPresence(of: 0 as Int)
    expectPresence(of: true)
    expectPresence(of: "a string long enough to live on the heap")
    expectPresence(of: Reference())
    expectPresence(of: Empty())
    expectPresence(of: Small.second)
    expectPresence(of: Holder(id: AnyHashable(7), list: [1, 2, 3]))
    expectPresence(of: Holder?.none)
    expectPresence(of: Holder?.some(Holder(id: AnyHashable("id"), list: [])))
    expectPresence(of: Int?.none)
  }

  /// A presentation keeps whether it presents its child at every write, read by this check.
  @Test func aPresentationKeepsWhetherItPresentsAtEveryWrite() {
    var presentation = PresentationState<Holder>(wrappedValue: nil)
    #expect(!presentation.isPresenting)
    presentation.wrappedValue = Holder(id: AnyHashable(1), list: [])
    #expect(presentation.isPresenting)
    presentation.wrappedValue?.list.append(2)
    #expect(presentation.isPresenting)
    presentation.wrappedValue = nil
    #expect(!presentation.isPresenting)
    presentation.wrappedValue = Holder(id: AnyHashable(2), list: [])
    let copy = presentation
    presentation.wrappedValue = nil
    #expect(!presentation.isPresenting && copy.isPresenting)
    #expect(PresentationState(wrappedValue: Holder(id: AnyHashable(3), list: [])).isPresenting)
  }
}

/// Expects `isPresent(at:)` to say `value` is there, and `nil` is not.
private func expectPresence<Value>(
  of value: Value,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  var some: Value? = value
  var none: Value? = nil
  #expect(withUnsafePointer(to: &some) { isPresent(at: $0) }, sourceLocation: sourceLocation)
  #expect(!withUnsafePointer(to: &none) { isPresent(at: $0) }, sourceLocation: sourceLocation)
}

private final class Reference {}
private struct Empty {}
private enum Small { case first, second }

/// Address-only, as a state holding a presentation is.
private struct Holder {
  var id: AnyHashable
  var list: [Int]
}
