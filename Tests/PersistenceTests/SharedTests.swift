import CustomDump
import Dependencies
import IdentifiedCollections
import Persistence
import Testing

struct Settings: Codable, Equatable, Sendable {
  var factKind = "trivia"
  var isHapticsOn = true
  var count: Int { factKind.count }
}

struct Todo: Codable, Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
  var isComplete = false
}

extension SharedReaderKey where Self == InMemoryKey<Int> {
  static var count: Self { inMemory("count") }
}

extension SharedReaderKey where Self == InMemoryKey<IdentifiedArrayOf<Todo>>.Default {
  static var todos: Self { Self[.inMemory("todos"), default: [Todo(id: 1, title: "Milk")]] }
}

struct SharedTests {
  @Test func withLockReturnsTheOperationsResult() {
    let count = Shared(value: 1)
    let result = count.withLock { value -> String in
      value += 1
      return "now \(value)"
    }
    #expect(result == "now 2")
    #expect(count.wrappedValue == 2)
  }

  @Test func concurrentIncrementsLoseNothing() async {
    let counter = Shared(wrappedValue: 0, .inMemory("counter"))
    await withTaskGroup(of: Void.self) { group in
      for _ in 1...1_000 {
        group.addTask {
          for _ in 1...10 { counter.withLock { $0 += 1 } }
        }
      }
    }
    #expect(counter.wrappedValue == 10_000)
  }

  @Test func referencesFromEqualKeysShareOneValue() {
    @Shared(.count) var first = 0
    @Shared(.count) var second = 0
    $first.withLock { $0 = 42 }
    #expect(second == 42)
  }

  @Test func inMemoryValuesSurviveTheirReferences() {
    do {
      @Shared(.inMemory("survivor")) var value = "default"
      $value.withLock { $0 = "kept" }
    }
    @Shared(.inMemory("survivor")) var value = "default"
    #expect(value == "kept")
  }

  @Test func theFirstDefaultWins() {
    @Shared(.inMemory("first")) var first = 1
    @Shared(.inMemory("first")) var second = 2
    #expect(first == 1)
    #expect(second == 1)
  }

  @Test func seededValueIsSeenByLaterReferences() {
    @Shared(.count) var count = 42
    let feature = Shared(wrappedValue: 0, .count)
    #expect(feature.wrappedValue == 42)
  }

  @Test func typedKeyWithDefaultNeedsNoTypeOrValue() {
    @Shared(.todos) var todos
    #expect(todos.map(\.title) == ["Milk"])
  }

  @Test func derivedStateWritesThroughToTheParent() {
    @Shared(value: Settings()) var settings
    let factKind = $settings.factKind
    factKind.withLock { $0 = "math" }
    #expect(settings.factKind == "math")
    $settings.withLock { $0.factKind = "date" }
    #expect(factKind.wrappedValue == "date")
  }

  @Test func readOnlyKeyPathGivesAReader() {
    @Shared(value: Settings()) var settings
    let count: SharedReader<Int> = $settings.count
    $settings.withLock { $0.factKind = "year" }
    #expect(count.wrappedValue == 4)
  }

  @Test func identifiedArraySubscriptWritesThrough() {
    @Shared(.todos) var todos
    let milk = Shared($todos[id: 1])
    #expect(milk != nil)
    milk?.withLock { $0.isComplete = true }
    #expect(todos[id: 1]?.isComplete == true)
    #expect(Shared($todos[id: 2]) == nil)
  }

  @Test func optionalSharedStateUnwraps() {
    @Shared(value: nil) var user: String?
    #expect(Shared($user) == nil)
    $user.withLock { $0 = "Blob" }
    let unwrapped = Shared($user)
    unwrapped?.withLock { $0 += " Jr." }
    #expect(user == "Blob Jr.")
  }

  @Test func readerOfSharedSeesChanges() {
    @Shared(value: 1) var count
    let reader = SharedReader($count)
    $count.withLock { $0 = 2 }
    #expect(reader.wrappedValue == 2)
  }

  @Test func equalityComparesValues() {
    #expect(Shared(value: 1) == Shared(value: 1))
    #expect(Shared(value: 1) != Shared(value: 2))
  }

  @Test func dumpsAsItsValue() {
    struct State { @Shared var count: Int }
    let state = State(count: Shared(value: 3))
    #expect(String(customDumping: state.$count) == "3")
  }

  @Test func valuesStreamEmitsEveryChange() async {
    @Shared(.count) var count = 0
    let stream = $count.values
    for _ in 1...3 { $count.withLock { $0 += 1 } }
    var received: [Int] = []
    for await value in stream {
      received.append(value)
      if received.count == 4 { break }
    }
    #expect(received == [0, 1, 2, 3])
  }

  @Test func onChangeCallsBackUntilCancelled() {
    @Shared(value: 0) var count
    let seen = LockIsolated<[Int]>([])
    let subscription = $count.onChange { value in seen.withValue { $0.append(value) } }
    $count.withLock { $0 = 1 }
    wholeValue(of: $count).withLock { $0 = 2 }
    subscription.cancel()
    $count.withLock { $0 = 3 }
    #expect(seen.value == [1, 2])
  }
}

/// A derived reference of the whole value, to show derived mutations notify the root's observers.
private func wholeValue(of count: Shared<Int>) -> Shared<Int> {
  count[dynamicMember: \.self]
}
