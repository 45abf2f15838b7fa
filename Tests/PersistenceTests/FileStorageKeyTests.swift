import Clocks
import Dependencies
import Foundation
import Locking
@testable import Persistence
import Testing

struct FileStorageKeyTests {
  let url = URL(fileURLWithPath: "/data/todos.json")
  @Dependency(\.defaultFileStorage) var storage

  @Test func missingFileMeansTheDefault() {
    @Shared(.fileStorage(url)) var todos = [Todo(id: 1, title: "Milk")]
    #expect(todos.count == 1)
    #expect($todos.loadError == nil)
  }

  @Test func mutationsAreWrittenAsJSON() throws {
    @Shared(.fileStorage(url)) var todos: [Todo] = []
    $todos.withLock { $0.append(Todo(id: 1, title: "Milk")) }
    #expect(decoded([Todo].self, storage.memory.file(url)) == [Todo(id: 1, title: "Milk")])
  }

  @Test func storedValueIsLoaded() throws {
    try storage.memory.write(json([Todo(id: 7, title: "Eggs")]), to: url)
    @Shared(.fileStorage(url)) var todos: [Todo] = []
    #expect(todos == [Todo(id: 7, title: "Eggs")])
  }

  @Test func differentlySpelledURLsShareOneReference() {
    @Shared(.fileStorage(URL(fileURLWithPath: "/data/./todos.json"))) var first: [Todo] = []
    @Shared(.fileStorage(URL(fileURLWithPath: "/data/sub/../todos.json"))) var second: [Todo] = []
    $first.withLock { $0.append(Todo(id: 1, title: "Milk")) }
    #expect(second.count == 1)
  }

  @Test func customEncodingIsUsed() throws {
    let key = FileStorageKey<Int>.fileStorage(
      URL(fileURLWithPath: "/data/count.txt"),
      decode: { Int(String(decoding: $0, as: UTF8.self))! },
      encode: { Data("\($0)".utf8) }
    )
    @Shared(key) var count = 0
    $count.withLock { $0 = 12 }
    #expect(storage.memory.file(URL(fileURLWithPath: "/data/count.txt")) == Data("12".utf8))
  }

  @Test func emptyFileMeansTheDefaultWithoutError() throws {
    try storage.memory.write(Data(), to: url)
    @Shared(.fileStorage(url)) var todos = [Todo(id: 1, title: "Default")]
    #expect(todos.first?.title == "Default")
    #expect($todos.loadError == nil)
    #expect(storage.memory.paths == [url.path])
  }

  @Test(arguments: [
    ("truncated", Data(#"[{"id":1,"title":"Mi"#.utf8)),
    ("binary", Data([0xFF, 0x00, 0xFE, 0x12, 0x80])),
    ("wrong shape", Data(#"{"todos": 3}"#.utf8)),
  ])
  func undecodableFileIsMovedAsideAndReported(kind: String, bytes: Data) throws {
    // NB: the cases of a parameterized test share one isolated store, so each uses its own file.
    let url = URL(fileURLWithPath: "/data/\(kind).json")
    try storage.memory.write(bytes, to: url)
    @Shared(.fileStorage(url)) var todos = [Todo(id: 1, title: "Default")]
    #expect(todos.first?.title == "Default")
    // NB: as in swift-sharing, `loadError` is the decoder's error; where the file went follows
    //     its description.
    let error = try #require($todos.loadError)
    #expect(error is DecodingError)
    let movedTo = try #require(storage.memory.paths.first { $0.hasPrefix("/data/\(kind).json.corrupt-") }.map(URL.init(fileURLWithPath:)))
    #expect(storage.memory.file(movedTo) == bytes)
    #expect(storage.memory.file(url) == nil)
    #expect("\(error)".contains("Could not decode \(url.path)"))
    #expect("\(error)".contains("moved aside to \(movedTo.path)"))

    $todos.withLock { $0.append(Todo(id: 2, title: "New")) }
    #expect(storage.memory.file(movedTo) == bytes)
    #expect(decoded([Todo].self, storage.memory.file(url))?.count == 2)
  }

  /// The report of a file kept aside (what the app prints) is one readable line; `loadError`,
  /// the decoder's error as in swift-sharing, ends with that same line.
  @Test func undecodableFileIsReportedInOneReadableLine() throws {
    try storage.memory.write(Data(#"[{"id":1}]"#.utf8), to: url)
    let reports = Reports()
    let subscription = storage.onFileKeptAside { reports.append("\($0)") }
    defer { subscription.cancel() }
    @Shared(.fileStorage(url)) var todos: [Todo] = []
    let report = try #require(reports.all.first)
    #expect(report.contains(#"missing key "title", at [0]"#))
    #expect(!report.contains("CodingKeys("))
    #expect(!report.contains("\n"))
    let loadError = try #require($todos.loadError)
    #expect(loadError is DecodingError)
    #expect("\(loadError)".hasSuffix(report + ")") || "\(loadError)".contains(report))
  }

  @Test func unreadableFileIsMovedAsideAndNeverWrittenOver() throws {
    let bytes = json([Todo(id: 7, title: "Kept")])
    try storage.memory.write(bytes, to: url)
    storage.memory.makeUnreadable(url)
    @Shared(.fileStorage(url)) var todos = [Todo(id: 1, title: "Default")]
    #expect(todos.first?.title == "Default")
    let error = try #require($todos.loadError as? FileStorageError)
    guard case let .unreadableFile(failed, movedTo, reason) = error, let movedTo else {
      Issue.record("Expected an unreadable-file error, got \(error)")
      return
    }
    #expect(failed == url)
    #expect(reason == "Permission denied")
    #expect(movedTo.lastPathComponent.hasPrefix("todos.json.unreadable-"))
    #expect(storage.memory.isUnreadable(movedTo))

    $todos.withLock { $0.append(Todo(id: 2, title: "New")) }
    #expect(decoded([Todo].self, storage.memory.file(url))?.count == 2)
    #expect(storage.memory.isUnreadable(movedTo))
  }

  @Test func fileThatBecameUnreadableIsMovedAsideBeforeAWrite() throws {
    @Shared(.fileStorage(url)) var todos: [Todo] = []
    try storage.memory.write(json([Todo(id: 7, title: "Theirs")]), to: url)
    storage.memory.makeUnreadable(url)
    $todos.withLock { $0 = [Todo(id: 1, title: "Ours")] }
    #expect(decoded([Todo].self, storage.memory.file(url)) == [Todo(id: 1, title: "Ours")])
    let aside = storage.memory.paths.filter { $0.contains("todos.json.unreadable-") }
    #expect(aside.count == 1)
    #expect(aside.allSatisfy { storage.memory.isUnreadable(URL(fileURLWithPath: $0)) })
    #expect("\($todos.loadError.map { "\($0)" } ?? "")".contains("moved aside"))
  }

  @Test func externalChangesReachTheValue() async throws {
    @Shared(.fileStorage(url)) var todos: [Todo] = []
    $todos.withLock { $0 = [Todo(id: 1, title: "Ours")] }
    try storage.memory.write(json([Todo(id: 2, title: "Theirs")]), to: url)
    #expect(todos == [Todo(id: 2, title: "Theirs")])
    storage.memory.remove(url)
    #expect(todos == [])
  }

  @Test func saveErrorIsSetAndClearedByTheNextSuccess() async throws {
    struct Refusal: Error {}
    let refuse = LockIsolated(true)
    let key = FileStorageKey<Int>.fileStorage(
      URL(fileURLWithPath: "/data/count.txt"),
      decode: { Int(String(decoding: $0, as: UTF8.self))! },
      encode: { if refuse.value { throw Refusal() } else { return Data("\($0)".utf8) } }
    )
    @Shared(key) var count = 0
    $count.withLock { $0 = 1 }
    #expect($count.saveError is Refusal)
    #expect(count == 1)
    refuse.setValue(false)
    try await $count.save()
    #expect($count.saveError == nil)
  }

  @Test func loadReadsTheKeyAgain() async throws {
    let source = LockIsolated(1)
    @SharedReader(SourceKey(source: source)) var value = 0
    #expect(value == 1)
    source.setValue(2)
    #expect(value == 1)
    try await $value.load()
    #expect(value == 2)
    #expect(!$value.isLoading)
  }
}

/// A custom read-only strategy: reads whatever `source` holds.
struct SourceKey: SharedReaderKey {
  let source: LockIsolated<Int>
  var id: String { "source" }
  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    continuation.resume(returning: source.value)
  }
  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
    SharedSubscription {}
  }
}

/// Reports of files kept aside, from any thread.
private final class Reports: Sendable {
  private let entries = Locking.Lock<[String]>([])
  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
  var all: [String] { entries.withLock { $0 } }
}
