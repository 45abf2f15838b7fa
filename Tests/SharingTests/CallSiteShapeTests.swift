import Foundation
import IdentifiedCollections
import Sharing
import Testing

extension SharedReaderKey where Self == AppStorageKey<Int>.Default {
  /// A type-safe key with a default, as swift-sharing's TypeSafeKeys article declares one.
  fileprivate static var launches: Self { Self[.appStorage("launches"), default: 0] }
}

extension SharedReaderKey where Self == InMemoryKey<[String]> {
  /// A type-safe key without a default: the declaration gives the initial value.
  fileprivate static var names: Self { inMemory("names") }
}

extension SharedReaderKey where Self == FileStorageKey<[Int]>.Default {
  /// A file-storage key with a default.
  fileprivate static var scores: Self {
    Self[.fileStorage(URL(fileURLWithPath: "/shapes/scores.json")), default: [1, 2]]
  }
}

/// The shapes in which swift-sharing's documentation, examples and tests declare and use shared
/// state, one test per shape, with its import line: each must compile unchanged and run.
@Suite
struct CallSiteShapeTests {
  enum Theme: String, Sendable { case dark, light }

  struct User: Equatable, Identifiable, Sendable {
    let id: Int
    var name: String
  }

  /// A model holding shared state in a stored property, initialized from a key and a value.
  struct Model {
    @Shared var count: Int
    @SharedReader var theme: Theme

    init() {
      _count = Shared(wrappedValue: 0, .appStorage("model-count"))
      _theme = SharedReader(wrappedValue: .light, .appStorage("model-theme"))
    }
  }

  @Test func aPropertyWrapperWithAKeyAndALiteralDefault() {
    @Shared(.appStorage("count")) var count = 0
    $count.withLock { $0 += 1 }
    #expect(count == 1)
  }

  @Test func aReaderOfTheSameKeySeesTheWriters() {
    @Shared(.inMemory("shared-count")) var count = 0
    @SharedReader(.inMemory("shared-count")) var reader = 0
    $count.withLock { $0 = 5 }
    #expect(reader == 5)
  }

  @Test func storedPropertiesInitializedWithWrappedValueAndKey() {
    let model = Model()
    model.$count.withLock { $0 += 2 }
    #expect(Model().count == 2)
    #expect(model.theme == .light)
  }

  @Test func aTypeSafeKeyWithADefault() {
    @Shared(.launches) var launches
    $launches.withLock { $0 += 1 }
    @SharedReader(.launches) var reader
    #expect(reader == 1)
  }

  @Test func aTypeSafeKeyWithoutADefault() {
    @Shared(.names) var names = []
    $names.withLock { $0.append("Blob") }
    #expect(names == ["Blob"])
  }

  @Test func aFileStorageKeyWithADefault() {
    @Shared(.scores) var scores
    #expect(scores == [1, 2])
    $scores.withLock { $0.append(3) }
    @SharedReader(.scores) var reader
    #expect(reader == [1, 2, 3])
  }

  @Test func anOptionalWithNoDefault() {
    @Shared(.appStorage("nickname")) var nickname: String?
    #expect(nickname == nil)
    $nickname.withLock { $0 = "Blob" }
    #expect(nickname == "Blob")
  }

  @Test func aRawRepresentableInAppStorage() {
    @Shared(.appStorage("theme")) var theme = Theme.light
    $theme.withLock { $0 = .dark }
    @SharedReader(.appStorage("theme")) var reader = Theme.light
    #expect(reader == .dark)
  }

  @Test func valuesWithoutAKey() {
    @Shared(value: 0) var count
    $count.withLock { $0 += 1 }
    let shared = Shared(value: [1])
    let reader = SharedReader(value: "Blob")
    #expect(count == 1)
    #expect(shared.wrappedValue == [1])
    #expect(reader.wrappedValue == "Blob")
  }

  @Test func aMemberOfASharedValueAsASharedValue() {
    @Shared(value: User(id: 1, name: "Blob")) var user
    let name = $user.name
    name.withLock { $0 = "Blob Jr." }
    #expect(user.name == "Blob Jr.")
    #expect(SharedReader($user).name.wrappedValue == "Blob Jr.")
  }

  @Test func anOptionalSharedValueUnwrapped() {
    @Shared(value: Optional(User(id: 1, name: "Blob"))) var user
    guard let unwrapped = Shared($user) else {
      Issue.record("A value that is there unwraps")
      return
    }
    unwrapped.withLock { $0.name = "Blob Sr." }
    #expect(user?.name == "Blob Sr.")
  }

  @Test func anIdentifiedArraysElementByID() {
    @Shared(value: IdentifiedArrayOf<User>(uniqueElements: [User(id: 1, name: "Blob")])) var users
    guard let user = Shared($users[id: 1]) else {
      Issue.record("The element with id 1 is there")
      return
    }
    user.withLock { $0.name = "Blob Esq." }
    #expect(users[id: 1]?.name == "Blob Esq.")
  }

  @Test func loadingAnotherKeyAndRequiringOne() async throws {
    @Shared(.inMemory("first")) var value = 1
    @Shared(.inMemory("second")) var other = 2
    try await $value.load(.inMemory("second"))
    #expect(value == 2)
    let required = try await Shared<Int>(require: .inMemory("second"))
    #expect(required.wrappedValue == 2)
  }

  @Test func savingAndReloadingExplicitly() async throws {
    @Shared(.fileStorage(URL(fileURLWithPath: "/shapes/saved.json"))) var saved = 0
    $saved.withLock { $0 = 7 }
    try await $saved.save()
    try await $saved.load()
    #expect(saved == 7)
    #expect($saved.loadError == nil)
    #expect($saved.saveError == nil)
    #expect(!$saved.isLoading)
  }
}
