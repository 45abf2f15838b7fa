import AsyncWaiting
import Clocks
import Dependencies
import Foundation
@testable import Persistence
import Testing

/// Behaviours a swift-sharing user relies on, each of which once differed here.
struct SharingFidelityTests {
  @Dependency(\.defaultFileStorage) var storage
  @Dependency(\.defaultDataDirectory) var dataDirectory

  struct Leaf: Equatable, Sendable {}

  struct Inner: Sendable {
    @Shared(.inMemory("leaf")) var leaf = Leaf()
  }

  struct Outer: Sendable {
    @Shared(.inMemory("inner")) var inner = Inner()
  }

  @Test func aDefaultThatCreatesAnotherSharedDoesNotDeadlock() {
    let outer = Outer()
    #expect(outer.inner.leaf == Leaf())
  }

  struct Service: TestDependencyKey {
    @Shared(.inMemory("service.count")) var count = 7
    static var testValue: Service { Service() }
  }

  @Test func aDefaultThatResolvesADependencyCreatingASharedDoesNotDeadlock() {
    @Shared(.inMemory("uses.service")) var seen: Int = {
      @Dependency(Service.self) var service
      return service.count
    }()
    #expect(seen == 7)
  }

  @Test func theSameFileInTwoInMemoryFileSystemsHoldsTwoValues() {
    let url = URL(fileURLWithPath: "/data/user.json")
    let first = withDependencies { $0.defaultFileStorage = .inMemory } operation: {
      Shared(wrappedValue: "Blob", .fileStorage(url))
    }
    let second = withDependencies { $0.defaultFileStorage = .inMemory } operation: {
      Shared(wrappedValue: "Blob", .fileStorage(url))
    }
    first.withLock { $0 = "Blob Jr" }
    #expect(first.wrappedValue == "Blob Jr")
    #expect(second.wrappedValue == "Blob")
    second.withLock { $0 = "Blob Sr" }
    #expect(first.wrappedValue == "Blob Jr")
    #expect(second.wrappedValue == "Blob Sr")
  }

  @Test func twoFilesInOneInMemoryFileSystemHoldTwoValues() {
    @Shared(.fileStorage(URL(fileURLWithPath: "/data/a.json"))) var a = 0
    @Shared(.fileStorage(URL(fileURLWithPath: "/data/b.json"))) var b = 0
    $a.withLock { $0 = 1 }
    #expect(a == 1)
    #expect(b == 0)
  }

  @Test func aCustomKeysFailedSaveSetsSaveErrorUntilASaveSucceeds() {
    let key = FailingKey(name: "failing")
    @Shared(key) var value = 0
    key.isFailing.withValue { $0 = true }
    $value.withLock { $0 = 1 }
    #expect($value.saveError is FailingKey.Failure)
    key.isFailing.withValue { $0 = false }
    $value.withLock { $0 = 2 }
    #expect($value.saveError == nil)
    #expect(key.saved.value == [2])
  }

  @Test func reassigningTheProjectedValueReachesEveryCopy() {
    @Shared(.inMemory("count")) var count = 0
    let copy = $count
    $count = Shared(wrappedValue: 42, .inMemory("anotherCount"))
    #expect(copy.wrappedValue == 42)
    $count = Shared(value: 7)
    #expect(copy.wrappedValue == 7)
    copy.withLock { $0 += 1 }
    #expect(count == 8)
  }

  @Test func aReleasedTrackerReportsUnassertedChanges() {
    @Shared(value: 0) var count
    withKnownIssue {
      do {
        let tracker = SharedChangeTracker()
        tracker.track { $count.withLock { $0 += 1 } }
      }
    } matching: {
      $0.description.hasSuffix("Tracked unasserted changes to 'Shared<Int>(value: 1)': 0 → 1")
    }
  }

  @Test func appStorageStoresTheDefaultWhenNothingIsStored() {
    @Shared(.appStorage("launches")) var launches = 3
    let file = dataDirectory.appendingPathComponent("app-storage.json")
    #expect(decoded([String: Int].self, storage.memory.file(file)) == ["launches": 3])
  }

  @Test func aStoredDefaultNeverReplacesAnotherWritersValue() async {
    let clock = TestClock()
    let storage = FileStorage.inMemory(clock: clock)
    let file = dataDirectory.appendingPathComponent("app-storage.json")
    await withDependencies { $0.defaultFileStorage = storage } operation: {
      // NB: the first default is written at once; the second waits for the window's end.
      @Shared(.appStorage("theme")) var theme = "light"
      @Shared(.appStorage("count")) var count = 0
      try? storage.memory.write(Data(#"{"theme": "light", "count": 3}"#.utf8), to: file)
      #expect(count == 3)
      await clock.advance(by: .seconds(2))
      let stored = await first(storage.memory.contents(of: file), where: { $0.map { String(decoding: $0, as: UTF8.self).contains("\"count\" : 3") } ?? false })
      #expect(stored != nil)
      #expect(count == 3)
    }
  }

  @Test func theFirstFileWriteAfterAQuietPeriodLandsBeforeWithLockReturns() async {
    let clock = TestClock()
    let storage = FileStorage.inMemory(clock: clock)
    let url = URL(fileURLWithPath: "/data/count.json")
    // NB: a write made on another thread would sometimes land before the check; every one of
    //     these files must already hold its value.
    withDependencies { $0.defaultFileStorage = storage } operation: {
      for index in 1...200 {
        let otherURL = URL(fileURLWithPath: "/data/count-\(index).json")
        let other = Shared(wrappedValue: 0, .fileStorage(otherURL))
        other.withLock { $0 = index }
        #expect(decoded(Int.self, storage.memory.file(otherURL)) == index)
      }
    }
    await withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 1 }
      #expect(decoded(Int.self, storage.memory.file(url)) == 1)
      $count.withLock { $0 = 2 }
      #expect(decoded(Int.self, storage.memory.file(url)) == 1)
      // NB: past the window's end, whether or not the writer's sleep began before the advance.
      await clock.advance(by: .seconds(2))
      #expect(await first(storage.memory.contents(of: url), where: { decoded(Int.self, $0) == 2 }) != nil)
    }
  }

  @Test func descriptionsReadAsSwiftSharings() {
    @Shared(value: 0) var value
    #expect($value.description == "Shared<Int>(value: 0)")
    #expect(SharedReader($value).description == "SharedReader<Int>(value: 0)")

    @Shared(.appStorage("count")) var count = 0
    #expect($count.description == #"Shared<Int>(.appStorage("count"))"#)
    #expect(SharedReader($count).description == #"SharedReader<Int>(.appStorage("count"))"#)

    @Shared(AppStorageKey.Default[.appStorage("defaulted"), default: 0]) var defaulted
    #expect($defaulted.description == #"Shared<Int>(.appStorage("defaulted"))"#)

    @Shared(.fileStorage(URL(fileURLWithPath: "/"))) var file = 0
    #expect($file.description == "Shared<Int>(.fileStorage(file:///))")

    @Shared(.inMemory("memory")) var memory = 0
    #expect($memory.description == #"Shared<Int>(.inMemory("memory"))"#)
  }
}
