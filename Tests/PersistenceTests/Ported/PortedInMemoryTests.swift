import Dependencies
import Persistence
import Testing

/// swift-sharing's in-memory key tests, on this implementation.
struct PortedInMemoryTests {
  @Test func twoDeclarationsOfOneNameShareMutations() {
    @Shared(.inMemory("count")) var count = 0
    $count.withLock { $0 += 1 }
    #expect(count == 1)
    @Shared(.inMemory("count")) var second = 0
    #expect(second == 1)
    $second.withLock { $0 += 1 }
    #expect(count == 2)
  }

  @Test func theValueOutlivesItsReferences() async {
    do {
      @Shared(.inMemory("count")) var count = 0
      $count.withLock { $0 += 1 }
    }
    do {
      @Shared(.inMemory("count")) var count = 0
      #expect(count == 1)
    }
    do {
      @SharedReader(.inMemory("count")) var count = 0
      #expect(count == 1)
    }
    await Task {
      @Shared(.inMemory("count")) var count = 0
      #expect(count == 1)
    }.value
  }

  @Test func theFirstDefaultStaysAndRequireFindsIt() async throws {
    do {
      @SharedReader(.inMemory("count")) var count = 10
      #expect(count == 10)
    }
    @SharedReader(.inMemory("count")) var count = 0
    #expect(count == 10)
    let required = try await SharedReader<Int>(require: .inMemory("count"))
    #expect(required.wrappedValue == 10)
  }

  @Test func optionalDefaultsKeepTheirShape() async {
    @Shared(.inMemory("count")) var count: Int? = 0
    #expect(count == 0)
    @Shared(.inMemory("nilCount")) var nilCount: Int? = nil
    #expect(nilCount == nil)
    @Shared(.inMemory("optionalCount")) var optionalCount: Int?? = .some(0)
    #expect(optionalCount == .some(0))
    @Shared(.inMemory("nested")) var nested: Int?? = .some(.none)
    #expect(nested == .some(.none))
    @SharedReader(.inMemory("nestedReader")) var nestedReader: Int?? = .some(.none)
    #expect(nestedReader == .some(.none))
    await #expect(throws: (any Error).self) { try await Shared<Int?>(require: .inMemory("absent")) }
  }
}
