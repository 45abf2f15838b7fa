@testable import ComposableCore
@_spi(Reflection) import CasePaths
import Testing

/// `EnumPayloadReader` reads a case's payload from the enum's storage; each shape of payload
/// the runtime lays out differently is read back as the general extraction reads it.
struct EnumPayloadReaderTests {
  @Test func readsAPayloadOfEachShape() throws {
    let object = Marker()
    let values: [Shapes] = [
      .number(42), .text("a string long enough to live on the heap"), .pair(id: 7, name: "seven"),
      .object(object), .nested(.number(1)), .empty,
    ]
    for value in values {
      try expectReadsLikeTheGeneralPath(value, \.number)
      try expectReadsLikeTheGeneralPath(value, \.text)
      try expectReadsLikeTheGeneralPath(value, \.pair)
      try expectReadsLikeTheGeneralPath(value, \.object)
      try expectReadsLikeTheGeneralPath(value, \.nested)
      try expectReadsLikeTheGeneralPath(value, \.empty)
    }
    #expect(EnumPayloadReader<Shapes, Marker>(tag: tag(of: Shapes.object(object)))?.payload(of: .object(object)) === object)
  }

  @Test func readsTheCasesOfAnIndirectEnum() throws {
    let value = Tree.node(.node(.leaf(3), .leaf(4)), .leaf(5))
    let reader = try #require(EnumPayloadReader<Tree, (Tree, Tree)>(tag: tag(of: value)))
    let (left, right) = reader.payload(of: value)
    #expect(left == .node(.leaf(3), .leaf(4)))
    #expect(right == .leaf(5))
    let leaf = try #require(EnumPayloadReader<Tree, Int>(tag: tag(of: Tree.leaf(0))))
    #expect(leaf.payload(of: .leaf(9)) == 9)
  }

  @Test func aCaseWithOneLabeledValueIsLeftToTheGeneralPath() {
    #expect(EnumPayloadReader<Labeled, Int>(tag: tag(of: Labeled.count(value: 1))) == nil)
  }

  @Test func readingLeavesTheValueWhole() {
    let value = Shapes.text("kept")
    let reader = EnumPayloadReader<Shapes, String>(tag: tag(of: value))
    for _ in 1...1_000 { _ = reader?.payload(of: value) }
    #expect(value == .text("kept"))
  }

  @Test func buildsARootOfEachShapeAsItsCaseDoes() throws {
    let object = Marker()
    let values: [Shapes] = [
      .number(42), .text("a string long enough to live on the heap"), .pair(id: 7, name: "seven"),
      .object(object), .nested(.number(1)), .nested(.nested(.text("deep"))), .empty,
    ]
    for value in values {
      try expectBuildsLikeTheCase(value, \.number)
      try expectBuildsLikeTheCase(value, \.text)
      try expectBuildsLikeTheCase(value, \.object)
      try expectBuildsLikeTheCase(value, \.nested)
    }
    let pair = try #require(EnumPayloadReader<Shapes, (id: Int, name: String)>(tag: tag(of: Shapes.pair(id: 0, name: ""))))
    #expect(pair.root(holding: (id: 3, name: "three")) == .pair(id: 3, name: "three"))
    let empty = try #require(EnumPayloadReader<Shapes, Void>(tag: tag(of: Shapes.empty)))
    #expect(empty.root(holding: ()) == .empty)
  }

  /// A root that does not fit the reader's stack words, by its size or by its alignment, is built
  /// in a temporary allocation instead, as its case builds it.
  @Test func buildsARootTooBigOrTooAlignedForItsStackWords() throws {
    #expect(MemoryLayout<Large>.size > MemoryLayout<EnumBuildingWords>.size)
    #expect(MemoryLayout<SIMD4<Float>>.alignment > MemoryLayout<EnumBuildingWords>.alignment)
    let block = Block(first: SIMD8(repeating: 1), second: SIMD8(0, 1, 2, 3, 4, 5, 6, 7), label: "a label long enough for the heap")
    let reader = try #require(EnumPayloadReader<Large, Block>(tag: tag(of: Large.block(block))))
    #expect(reader.root(holding: block) == .block(block))
    let vector = try #require(EnumPayloadReader<Large, SIMD4<Float>>(tag: tag(of: Large.vector(.zero))))
    #expect(vector.root(holding: SIMD4(1, 2, 3, 4)) == .vector(SIMD4(1, 2, 3, 4)))
    let path = PreparedCasePath(\Large.Cases.block)
    #expect((1...6).map { _ in path.embed(block) } == Array(repeating: .block(block), count: 6))
    #expect(path.payload != nil)
  }

  @Test func buildsTheCasesOfAnIndirectEnum() throws {
    let node = try #require(EnumPayloadReader<Tree, (Tree, Tree)>(tag: tag(of: Tree.node(.leaf(0), .leaf(0)))))
    let built = node.root(holding: (.node(.leaf(3), .leaf(4)), .leaf(5)))
    #expect(built == .node(.node(.leaf(3), .leaf(4)), .leaf(5)))
    #expect(node.payload(of: built).1 == .leaf(5))
    let leaf = try #require(EnumPayloadReader<Tree, Int>(tag: tag(of: Tree.leaf(0))))
    #expect(leaf.root(holding: 9) == .leaf(9))
  }

  @Test func aBuiltIndirectCaseOwnsItsPayloadOnce() throws {
    let reader = try #require(EnumPayloadReader<Shapes, Shapes>(tag: tag(of: Shapes.nested(.empty))))
    weak var released: Marker?
    do {
      let object = Marker()
      released = object
      var roots: [Shapes] = []
      for _ in 1...100 { roots.append(reader.root(holding: .object(object))) }
      #expect(roots.allSatisfy { $0 == .nested(.object(object)) })
    }
    #expect(released == nil)
  }

  /// The runtime boxes no payload for an indirect case of an empty one: such a case is read by
  /// tag, but built by the general path.
  @Test func anIndirectCaseWithoutAPayloadIsBuiltByTheGeneralPath() throws {
    let reader = try #require(EnumPayloadReader<Marks, Void>(tag: tag(of: Marks.unit(()))))
    #expect(reader.isIndirect && !reader.buildsRoots)
    let numbered = try #require(EnumPayloadReader<Marks, Int>(tag: tag(of: Marks.number(0))))
    #expect(numbered.isIndirect && numbered.buildsRoots)
    let path = PreparedCasePath(\Marks.Cases.unit)
    #expect((1...6).map { _ in path.embed(()) } == Array(repeating: .unit(()), count: 6))
    #expect(path.isSortingByTag)
    #expect(path.payload != nil)
  }

  @Test func aPreparedPathEmbedsInItsCaseByTagOnceItHasSeenIt() {
    let path = PreparedCasePath(\Tree.Cases.leaf)
    let roots = (1...6).map { path.embed($0) }
    #expect(roots == (1...6).map { Tree.leaf($0) })
    #expect(path.isSortingByTag)
    #expect(path.payload != nil)
  }

  @Test func aPreparedPathReadsItsCaseByTagOnceItHasSeenIt() {
    let path = PreparedCasePath(\Shapes.Cases.text)
    let values: [Shapes] = [.number(1), .text("one"), .empty, .text("two"), .number(2), .text("three")]
    var extracted: [String] = []
    for _ in 1...3 {
      for value in values {
        if let text = path.extract(from: value) { extracted.append(text) }
      }
    }
    #expect(path.isSortingByTag)
    #expect(path.payload != nil)
    #expect(extracted == Array(repeating: ["one", "two", "three"], count: 3).flatMap { $0 })
  }
}

/// Expects the reader for `keyPath`'s case to read `value` as `AnyCasePath` does, when `value`
/// is in that case.
private func expectReadsLikeTheGeneralPath<Value: Equatable>(
  _ value: Shapes,
  _ keyPath: CaseKeyPath<Shapes, Value>,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  guard let expected = AnyCasePath(keyPath).extract(from: value) else { return }
  let reader = try #require(EnumPayloadReader<Shapes, Value>(tag: tag(of: value)), sourceLocation: sourceLocation)
  #expect(reader.payload(of: value) == expected, sourceLocation: sourceLocation)
}

private func expectReadsLikeTheGeneralPath(
  _ value: Shapes,
  _ keyPath: CaseKeyPath<Shapes, (id: Int, name: String)>,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  guard let expected = AnyCasePath(keyPath).extract(from: value) else { return }
  let reader = try #require(
    EnumPayloadReader<Shapes, (id: Int, name: String)>(tag: tag(of: value)), sourceLocation: sourceLocation
  )
  let payload = reader.payload(of: value)
  #expect(payload.id == expected.id && payload.name == expected.name, sourceLocation: sourceLocation)
}

private func expectReadsLikeTheGeneralPath(
  _ value: Shapes,
  _ keyPath: CaseKeyPath<Shapes, Void>,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  guard AnyCasePath(keyPath).extract(from: value) != nil else { return }
  #expect(EnumPayloadReader<Shapes, Void>(tag: tag(of: value)) != nil, sourceLocation: sourceLocation)
}

private func expectReadsLikeTheGeneralPath(
  _ value: Shapes,
  _ keyPath: CaseKeyPath<Shapes, Marker>,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  guard let expected = AnyCasePath(keyPath).extract(from: value) else { return }
  let reader = try #require(EnumPayloadReader<Shapes, Marker>(tag: tag(of: value)), sourceLocation: sourceLocation)
  #expect(reader.payload(of: value) === expected, sourceLocation: sourceLocation)
}

/// Expects the reader for `keyPath`'s case to build `value` from its payload, when `value` is
/// in that case.
private func expectBuildsLikeTheCase<Value>(
  _ value: Shapes,
  _ keyPath: CaseKeyPath<Shapes, Value>,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  guard let payload = AnyCasePath(keyPath).extract(from: value) else { return }
  let reader = try #require(EnumPayloadReader<Shapes, Value>(tag: tag(of: value)), sourceLocation: sourceLocation)
  #expect(reader.root(holding: payload) == value, sourceLocation: sourceLocation)
}

/// The tag the runtime gives `value`'s case.
private func tag<Root>(of value: Root) -> UInt32 {
  EnumMetadata(Root.self)!.tag(of: value)
}

/// Payloads of every layout: trivial, heap-allocated, a tuple, a class, a nested enum, none.
@CasePathable
enum Shapes: Equatable {
  case number(Int)
  case text(String)
  case pair(id: Int, name: String)
  case object(Marker)
  indirect case nested(Shapes)
  case empty
}

final class Marker: Equatable {
  static func == (lhs: Marker, rhs: Marker) -> Bool { lhs === rhs }
}

/// An enum whose every case is indirect.
@CasePathable
indirect enum Tree: Equatable {
  case leaf(Int)
  case node(Tree, Tree)
}

/// Indirect cases with and without a payload to box.
@CasePathable
enum Marks: Equatable {
  indirect case unit(Void)
  indirect case number(Int)
  case none

  static func == (lhs: Marks, rhs: Marks) -> Bool {
    switch (lhs, rhs) {
    case (.unit, .unit), (.none, .none): true
    case let (.number(left), .number(right)): left == right
    default: false
    }
  }
}

/// Cases too big, or too aligned, for the stack words a root is built in.
@CasePathable
enum Large: Equatable {
  case block(Block)
  case vector(SIMD4<Float>)
  case none
}

/// Three hundred and twenty-odd bytes, a string among them.
struct Block: Equatable {
  var first: SIMD8<UInt64>
  var second: SIMD8<UInt64>
  var third = SIMD8<UInt64>(repeating: 3)
  var fourth = SIMD8<UInt64>(repeating: 4)
  var fifth = SIMD8<UInt64>(repeating: 5)
  var label: String

  init(first: SIMD8<UInt64>, second: SIMD8<UInt64>, label: String) {
    self.first = first
    self.second = second
    self.label = label
  }
}

/// A case with one labeled value, whose path's value drops the label.
@CasePathable
enum Labeled {
  case count(value: Int)
}
