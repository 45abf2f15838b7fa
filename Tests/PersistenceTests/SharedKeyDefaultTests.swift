import Dependencies
import Foundation
import IdentifiedCollections
@testable import Persistence
import Testing

extension URL {
  static let todosURL = URL(fileURLWithPath: "/data/todos.json")
}

extension SharedReaderKey where Self == FileStorageKey<IdentifiedArrayOf<Todo>>.Default {
  static var storedTodos: Self { Self[.fileStorage(.todosURL), default: []] }
}

// NB: Declared on `SharedKey`, over a plain array, as TCA's SyncUps declares its `.syncUps`.
extension SharedKey where Self == FileStorageKey<[Todo]>.Default {
  static var todoList: Self { Self[.fileStorage(URL(fileURLWithPath: "/data/todo-list.json")), default: []] }
}

extension SharedReaderKey where Self == AppStorageKey<Int>.Default {
  static var launchCount: Self { Self[.appStorage("launchCount"), default: 1] }
}

struct SharedKeyDefaultTests {
  @Dependency(\.defaultFileStorage) var storage

  @Test func fileStorageKeyWithDefaultPersists() {
    @Shared(.storedTodos) var todos
    #expect(todos.isEmpty)
    $todos.withLock { _ = $0.append(Todo(id: 1, title: "Milk")) }
    #expect(decoded([Todo].self, storage.memory.file(.todosURL))?.map(\.title) == ["Milk"])
  }

  @Test func writableFileStorageKeyWithTypedDefault() {
    @Shared(.todoList) var todos
    #expect(todos == [])
    $todos.withLock { $0.append(Todo(id: 1, title: "Milk")) }
    #expect(decoded([Todo].self, storage.memory.file(URL(fileURLWithPath: "/data/todo-list.json")))?.map(\.title) == ["Milk"])
    @SharedReader(.todoList) var reader
    #expect(reader.map(\.title) == ["Milk"])
  }

  @Test func firstRegisteredDefaultWins() {
    @Shared(.launchCount) var first
    @Shared(wrappedValue: 99, .appStorage("launchCount")) var second: Int
    #expect(first == 1)
    #expect(second == 1)
  }

  @Test func readerFromADefaultKey() {
    @SharedReader(.launchCount) var launches
    @Shared(.launchCount) var writable
    $writable.withLock { $0 += 1 }
    #expect(launches == 2)
  }

  @Test func concurrentIncrementsOfAFileBackedValueAreAllWritten() async {
    let counter = Shared(wrappedValue: 0, .fileStorage(URL(fileURLWithPath: "/data/counter.json")))
    await withTaskGroup(of: Void.self) { group in
      for _ in 1...1_000 {
        group.addTask {
          for _ in 1...10 { counter.withLock { $0 += 1 } }
        }
      }
    }
    #expect(counter.wrappedValue == 10_000)
    #expect(decoded(Int.self, storage.memory.file(URL(fileURLWithPath: "/data/counter.json"))) == 10_000)
  }

  @Test func projectedValueCanBeReplaced() {
    @Shared(value: 1) var count
    $count = Shared(value: 5)
    #expect(count == 5)
  }
}
