@testable import ComposableCore
@_spi(Reflection) import CasePaths
import Testing

/// `enumTag(at:metadata:)` reads the case of an enum where the value lies, for every layout the
/// runtime gives an enum: cases without payloads, one payload case among empty ones, several
/// payload cases, `indirect` cases, an address-only payload, and an optional.
struct EnumTagTests {
  @Test func readsTheCaseOfEachLayout() {
    expectTags([Plain.first, .second, .third])
    expectTags([SinglePayload.value(7), .empty, .other])
    expectTags([MultiPayload.number(1), .text("a string long enough to live on the heap"), .flag(true), .nothing])
    expectTags([Branches.leaf, .node(.leaf), .pair(.leaf, .node(.leaf))])
    expectTags([AddressOnly.held(AnyHashable(3)), .count(4), .none])
    expectTags([Int?.some(5), Int?.none])
  }

  @Test func aPreparedPathTurnsOtherCasesAwayByTheTagItReads() {
    let path = PreparedCasePath(\MultiPayload.Cases.text)
    path.sortByTag()
    #expect(path.extract(from: .text("a")) == "a")
    #expect(path.extract(from: .number(1)) == nil)
    #expect(path.extract(from: .nothing) == nil)
    #expect(path.extract(from: .text("b")) == "b")
  }
}

/// Expects each of `values`, one of each case, to read the tag the runtime gives its case (as
/// swift-case-paths' reflection reads it, from a copy), and no two cases the same tag.
private func expectTags<Enum>(_ values: [Enum], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
  let metadata = unsafeBitCast(Enum.self as Any.Type, to: UnsafeRawPointer.self)
  let tags = values.map { value in withUnsafePointer(to: value) { enumTag(at: $0, metadata: metadata) } }
  for (value, tag) in zip(values, tags) {
    #expect(tag == EnumMetadata(Enum.self)!.tag(of: value), "\(value)", sourceLocation: sourceLocation)
  }
  #expect(Set(tags).count == values.count, "\(tags)", sourceLocation: sourceLocation)
  #expect(Set(tags) == Set(0..<UInt32(values.count)), "\(tags)", sourceLocation: sourceLocation)
}

private enum Plain { case first, second, third }

private enum SinglePayload { case value(Int), empty, other }

@CasePathable
private enum MultiPayload { case number(Int), text(String), flag(Bool), nothing }

private indirect enum Branches { case leaf, node(Branches), pair(Branches, Branches) }

private enum AddressOnly { case held(AnyHashable), count(Int), none }
