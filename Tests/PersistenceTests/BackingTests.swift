import Foundation
@testable import Persistence
import Testing

/// Each kind of key is persisted the way it needs: the choice is made once, from the key's type.
struct BackingTests {
  @Test func aValueWithoutAKeyIsNotPersisted() {
    #expect(kind(of: Backing<Int>.value) == "value")
    #expect(Backing<Int>.value.key == nil)
    #expect(Backing<Int>.value.savingKey == nil)
  }

  @Test func anInMemoryKeyIsLoadedButNeverSaved() {
    let backing = Backing(for: InMemoryKey<Int>.inMemory("count"))
    #expect(kind(of: backing) == "inMemory")
    #expect(backing.key != nil)
    #expect(backing.savingKey == nil)
    #expect(kind(of: Backing(for: InMemoryKey<Int>.Default[.inMemory("count"), default: 0])) == "inMemory")
  }

  @Test func aReaderKeyIsLoadedButNeverSaved() {
    let backing = Backing(for: ReaderOnlyKey())
    #expect(kind(of: backing) == "reader")
    #expect(backing.key != nil)
    #expect(backing.savingKey == nil)
  }

  @Test func aSharedKeyIsHandedEveryMutation() {
    let backing = Backing(for: FailingKey(name: "count"))
    #expect(kind(of: backing) == "saving")
    #expect(backing.savingKey != nil)
    #expect(kind(of: Backing(for: AppStorageKey<Int>.appStorage("count"))) == "saving")
  }

  @Test func aFileStorageKeySavesLazily() {
    let url = URL(fileURLWithPath: "/data/count.json")
    let backing = Backing(for: FileStorageKey<Int>.fileStorage(url))
    #expect(kind(of: backing) == "lazilySaving")
    #expect(backing.savingKey != nil)
    #expect(kind(of: Backing(for: FileStorageKey<Int>.Default[.fileStorage(url), default: 0])) == "lazilySaving")
  }

  private func kind<Value>(of backing: Backing<Value>) -> String {
    switch backing {
    case .value: "value"
    case .inMemory: "inMemory"
    case .reader: "reader"
    case .saving: "saving"
    case .lazilySaving: "lazilySaving"
    }
  }
}

/// A key that can only read: it has no `save`.
private struct ReaderOnlyKey: SharedReaderKey {
  var id: String { "reader" }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    continuation.resumeReturningInitialValue()
  }

  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
    SharedSubscription {}
  }
}
