import Clocks
import Dependencies
import Foundation
@testable import Persistence
import Testing

/// The rule between a change of ours and another writer's, at the moment they cross.
struct StoredFileTests {
  let url = URL(fileURLWithPath: "/data/todos.json")

  @Test func theirChangeIsNotTakenOverAChangeOfOursNotYetScheduled() throws {
    let storage = FileStorage.inMemory(clock: TestClock())
    let file = StoredFile(url: url, storage: storage)
    let theirs = json([Todo(id: 9, title: "Theirs")])
    try storage.memory.write(theirs, to: url)
    let change = try #require(file.externalChange())

    // NB: a mutation of ours lands between the read of their file and taking it in.
    file.writer.noteChange()
    #expect(!file.take(change))
    #expect(file.externalChange() == nil)

    try file.save({ json([Todo(id: 1, title: "Ours")]) }, now: true)
    #expect(decoded([Todo].self, storage.memory.file(url)) == [Todo(id: 1, title: "Ours")])
    let aside = storage.memory.paths.filter { $0.contains("todos.json.conflict-") }
    #expect(aside.map { storage.memory.file(URL(fileURLWithPath: $0)) } == [theirs])
  }

  @Test func theirChangeTakenInIsWhatOurNextWriteBuildsOn() throws {
    let storage = FileStorage.inMemory(clock: TestClock())
    let file = StoredFile(url: url, storage: storage)
    try storage.memory.write(json([Todo(id: 9, title: "Theirs")]), to: url)
    let change = try #require(file.externalChange())
    #expect(file.take(change))

    try file.save({ json([Todo(id: 9, title: "Theirs"), Todo(id: 1, title: "Ours")]) }, now: true)
    #expect(decoded([Todo].self, storage.memory.file(url))?.count == 2)
    #expect(!storage.memory.paths.contains { $0.contains(".conflict-") })
  }
}

extension StoredFileTests {
  @Test func everyFileKeptAsideIsReportedAsItHappens() throws {
    let storage = FileStorage.inMemory(clock: TestClock())
    let reports = LockIsolated<[String]>([])
    let subscription = storage.onFileKeptAside { error in reports.withValue { $0.append("\(error)") } }
    defer { subscription.cancel() }
    let file = StoredFile(url: url, storage: storage)
    for title in ["First", "Second"] {
      try storage.memory.write(json([Todo(id: 9, title: title)]), to: url)
      try file.save({ json([Todo(id: 1, title: "Ours")]) }, now: true)
    }
    #expect(reports.value.count == 2)
    #expect(reports.value.allSatisfy { $0.contains("changed by another writer") })
  }
}
