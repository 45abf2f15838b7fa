import Dependencies
import Foundation
import IdentifiedCollections
@testable import Persistence
import Testing

extension SharedReaderKey where Self == InMemoryKey<IdentifiedArrayOf<Todo>>.Default {
  static var items: Self { Self[.inMemory("items"), default: [Todo(id: 9, title: "Default")]] }
}

/// swift-sharing 2's surface: loading another key, requiring a value, defaults, projections.
struct SharedAPITests {
  @Dependency(\.defaultFileStorage) var storage

  @Test func loadingAnotherKeyPointsEveryCopyAtItsValue() async throws {
    let other = URL(fileURLWithPath: "/data/other.json")
    try storage.memory.write(json(5), to: other)
    @Shared(.fileStorage(URL(fileURLWithPath: "/data/first.json"))) var value = 1
    let copy = $value
    try await $value.load(.fileStorage(other))
    #expect(value == 5)
    #expect(copy.wrappedValue == 5)
    copy.withLock { $0 = 6 }
    #expect(decoded(Int.self, storage.memory.file(other)) == 6)
    #expect($value.description == "Shared<Int>(.fileStorage(file:///data/other.json))")
  }

  @Test func loadingAKeyWithNothingStoredKeepsTheCurrentValue() async throws {
    @Shared(.inMemory("a")) var value = 3
    try await $value.load(.inMemory("b"))
    #expect(value == 3)
    $value.withLock { $0 = 4 }
    #expect(Shared(wrappedValue: 0, .inMemory("b")).wrappedValue == 4)
    #expect(Shared(wrappedValue: 0, .inMemory("a")).wrappedValue == 3)
  }

  @Test func requireThrowsWhenNothingIsStoredAndSharesTheValueWhenSomethingIs() async throws {
    let url = URL(fileURLWithPath: "/data/required.json")
    await #expect(throws: (any Error).self) { try await Shared<Int>(require: .fileStorage(url)) }
    try storage.memory.write(json(8), to: url)
    let required = try await Shared<Int>(require: .fileStorage(url))
    #expect(required.wrappedValue == 8)
    let reader = try await SharedReader<Int>(require: .fileStorage(url))
    required.withLock { $0 = 9 }
    #expect(reader.wrappedValue == 9)
  }

  @Test func requireThrowsWhenTheStoredValueCannotBeRead() async throws {
    let url = URL(fileURLWithPath: "/data/bad.json")
    try storage.memory.write(Data("oops".utf8), to: url)
    // NB: the decoder's error, as swift-sharing's `Shared(require:)` throws it.
    await #expect(throws: DecodingError.self) { try await Shared<Int>(require: .fileStorage(url)) }
  }

  @Test func aKeyWithADefaultTakesAnInitialValueToo() {
    #expect(InMemoryKey<IdentifiedArrayOf<Todo>>.Default.items.initialValue.map(\.title) == ["Default"])
    @Shared(.items) var items = []
    #expect(items.isEmpty)
    @SharedReader(.items) var reader = [Todo(id: 1, title: "Ignored: the first default wins")]
    #expect(reader.isEmpty)
  }

  @Test func aKeyAloneGivesAnOptionalThatStartsNil() {
    @Shared(.appStorage("nickname")) var nickname: String?
    #expect(nickname == nil)
    $nickname.withLock { $0 = "Blob" }
    @SharedReader(.appStorage("nickname")) var reader: String?
    #expect(reader == "Blob")
  }

  @Test func readDerivesAValueThatFollowsChanges() {
    @Shared(value: [1, 2, 3]) var numbers
    let count = $numbers.read { $0.count }
    $numbers.withLock { $0.append(4) }
    #expect(count.wrappedValue == 4)
  }

  @Test func referencesToIdentifiableValuesAreIdentifiable() {
    let todo = Shared(value: Todo(id: 3, title: "Eggs"))
    #expect(todo.id == 3)
    #expect(SharedReader(todo).id == 3)
  }

  @Test func anIdentifiedArraySplitsIntoReferencesToItsElements() {
    @Shared(value: IdentifiedArrayOf<Todo>(uniqueElements: [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")])) var todos
    let elements = Array($todos)
    #expect(elements.map(\.wrappedValue.title) == ["Milk", "Eggs"])
    elements[1].withLock { $0.isComplete = true }
    #expect(todos[id: 2]?.isComplete == true)
    #expect(Array(SharedReader($todos)).map(\.id) == [1, 2])
  }

  @Test func aReaderOfAnOptionalUnwraps() {
    @Shared(value: nil) var name: String?
    #expect(SharedReader<String>(SharedReader($name)) == nil)
    $name.withLock { $0 = "Blob" }
    let unwrapped = SharedReader<String>(SharedReader($name))
    #expect(unwrapped?.wrappedValue == "Blob")
  }

  @Test func appStorageHoldsArraysOfStrings() {
    @Shared(.appStorage("tags")) var tags: [String] = []
    $tags.withLock { $0 = ["a", "b"] }
    let reopened = withDependencies {
      $0.defaultFileStorage = storage.reopened()
      $0[ReferenceRegistry.self] = ReferenceRegistry()
    } operation: {
      Shared<[String]>(wrappedValue: [], .appStorage("tags")).wrappedValue
    }
    #expect(reopened == ["a", "b"])
  }
}
