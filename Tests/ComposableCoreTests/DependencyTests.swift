import ComposableCore
import Testing

@MainActor
struct DependencyTests {
  @Test func aReducerOverrideIsVisibleInsideItsEffects() async {
    let store = Store(initialState: Reader.State()) {
      Reader().dependency(\.magicNumber, 42)
    }
    await store.send(.read).finish()
    #expect(store.state.values == [42, 42])
  }

  @Test func theInnermostOverrideWins() async {
    let store = Store(initialState: Reader.State()) {
      CombineReducers {
        Reader().dependency(\.magicNumber, 1)
      }
      .dependency(\.magicNumber, 2)
    } withDependencies: {
      $0.magicNumber = 3
    }
    await store.send(.read).finish()
    #expect(store.state.values == [1, 1])
  }

  @Test func transformDependencyChangesTheValueInForce() async {
    let store = Store(initialState: Reader.State()) {
      Reader().transformDependency(\.magicNumber) { $0 += 1 }
    } withDependencies: {
      $0.magicNumber = 10
    }
    await store.send(.read).finish()
    #expect(store.state.values == [11, 11])
  }

  @Test func storeDependenciesAreCapturedOnceAtInit() async {
    let store = readerStore(madeWithMagicNumber: 7)
    await withDependencies {
      $0.magicNumber = 8
    } operation: {
      await store.send(.read).finish()
    }
    #expect(store.state.values == [7, 7])
  }

  @Test func anActionFromTheStoresEffectRunsUnderTheStoresDependencies() async {
    let store = readerStore(madeWithMagicNumber: 7)
    // NB: The effect's action arrives where the store's own dependencies are in force; the
    //     line's, where others are.
    await withDependencies {
      $0.magicNumber = 8
    } operation: {
      await store.send(.readAfterEffect).finish()
    }
    #expect(store.state.values == [7, 7, 7, 7])
  }

  @Test func aStoreMadeWithoutOverridesRunsUnderWhatWasInForceWhereItWasMade() async {
    let store = Store(initialState: Reader.State()) { Reader() }
    await store.send(.read).finish()
    await withDependencies {
      $0.magicNumber = 9
    } operation: {
      await store.send(.read).finish()
    }
    #expect(store.state.values == [0, 0, 0, 0])
  }
}

/// A store of `Reader` made where `magicNumber` is `value`.
@MainActor
private func readerStore(madeWithMagicNumber value: Int) -> StoreOf<Reader> {
  withDependencies {
    $0.magicNumber = value
  } operation: {
    Store(initialState: Reader.State()) { Reader() }
  }
}

private enum MagicNumberKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  var magicNumber: Int {
    get { self[MagicNumberKey.self] }
    set { self[MagicNumberKey.self] = newValue }
  }
}

/// Reads a dependency in the reducer and again inside its effect.
struct Reader: Reducer {
  struct State: Equatable { var values: [Int] = [] }
  enum Action { case read, readAfterEffect, value(Int) }
  @Dependency(\.magicNumber) var magicNumber

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .read:
      state.values.append(magicNumber)
      return .run { send in
        @Dependency(\.magicNumber) var magicNumber
        await send(.value(magicNumber))
      }
    case .readAfterEffect:
      state.values.append(magicNumber)
      return .run { send in
        @Dependency(\.magicNumber) var magicNumber
        await send(.value(magicNumber))
        await send(.read)
      }
    case .value(let value):
      state.values.append(value)
      return .none
    }
  }
}
