import ComposableCore
import Foundation
import Testing

/// A store describes itself by the alias a feature's code spells its type with, as TCA's does:
/// messages such as a scope of an uncached store name it that way.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct StoreDebugDescriptionTests {
  @Test func aFeaturesStoreIsStoreOfTheFeature() {
    #expect(Store<Ledger.State, Ledger.Action>(initialState: Ledger.State()) {}.debugDescription == "StoreOf<Ledger>")
    #expect("\(Store<Ledger.State?, Ledger.Action>(initialState: nil) {})" == "StoreOf<Ledger?>")
    #expect(Store<Books.Page.State, Books.Page.Action>(initialState: Books.Page.State()) {}.debugDescription == "StoreOf<Books.Page>")
  }

  @Test func collectionsAndNavigationHaveAliasesOfTheirOwn() {
    let rows = Store<IdentifiedArrayOf<Ledger.State>, IdentifiedActionOf<Ledger>>(initialState: IdentifiedArray()) {}
    #expect(rows.debugDescription == "IdentifiedStoreOf<Ledger>")
    let presented = Store<PresentationState<Ledger.State>, PresentationAction<Ledger.Action>>(
      initialState: PresentationState(wrappedValue: nil)
    ) {}
    #expect(presented.debugDescription == "PresentationStoreOf<Ledger>")
    let path = Store<StackState<Ledger.State>, StackAction<Ledger.State, Ledger.Action>>(initialState: StackState()) {}
    #expect(path.debugDescription == "StackStoreOf<Ledger>")
  }

  @Test func otherStoresSpellTheirTypesSugaredAndWithoutModules() {
    #expect(Store<Int, Bool>(initialState: 0) {}.debugDescription == "Store<Int, Bool>")
    #expect(
      Store<[String: [Int]]?, [UUID?]>(initialState: nil) {}.debugDescription
        == "Store<[String: [Int]]?, [UUID?]>"
    )
    #expect(
      Store<Ledger.State, Books.Page.Action>(initialState: Ledger.State()) {}.debugDescription
        == "Store<Ledger.State, Books.Page.Action>"
    )
    #expect(
      Store<IdentifiedArrayOf<Ledger.State>, IdentifiedAction<Int, Books.Page.Action>>(initialState: IdentifiedArray()) {}
        .debugDescription
        == "Store<IdentifiedArray<Int, Ledger.State>, IdentifiedAction<Int, Books.Page.Action>>"
    )
    // NB: As in TCA, an optional, array or dictionary is sugared only around arguments that are
    //     not generic themselves.
    #expect(
      Store<Optional<Set<Int>>, Result<[Int?], Never>>(initialState: nil) {}.debugDescription
        == "Store<Optional<Set<Int>>, Result<[Int?], Never>>"
    )
  }
}

/// A feature of the test file's own, private, whose runtime name holds an anonymous context.
private struct Ledger: Reducer {
  struct State: Equatable, Identifiable { var id = 0 }
  enum Action { case record }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// A feature's domain nested in another type.
private enum Books {
  enum Page {
    struct State: Equatable { var number = 1 }
    enum Action { case turn }
  }
}
