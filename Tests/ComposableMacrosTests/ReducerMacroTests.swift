import ComposableMacroExpansions
import MacroTesting
import Testing

@Suite(
  .macros([
    "Reducer": ReducerMacro.self,
    "ReducerCaseEphemeral": ReducerCaseEphemeralMacro.self,
    "ReducerCaseIgnored": ReducerCaseIgnoredMacro.self,
  ])
)
struct ReducerMacroTests {
  @Test func aFeatureGetsItsConformanceCasePathsAndBuilder() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {
          case tapped
        }
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable
        enum Action {
          case tapped
        }
        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableCore.Reducer {
      }
      """
    }
  }

  @Test func aBodyWithTwoTypesGetsTheBuilderOfThoseTypes() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        var body: some Reducer<Int, Bool> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @ComposableCore.ReducerBuilder<Int, Bool>
        var body: some Reducer<Int, Bool> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableCore.Reducer {
      }
      """
    }
  }

  @Test func whatIsAlreadyThereIsLeftAlone() {
    assertMacro {
      """
      @Reducer
      struct Feature: Reducer {
        @CasePathable
        @dynamicMemberLookup
        enum State {}
        enum Action: CasePathable {}
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature: Reducer {
        @CasePathable
        @dynamicMemberLookup
        enum State {}
        enum Action: CasePathable {}
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    }
  }

  @Test func aFeatureWithNothingGetsStateActionAndBody() {
    assertMacro {
      """
      @Reducer
      public struct Feature {
      }
      """
    } expansion: {
      """
      public struct Feature {

          @ObservableState
          public struct State: Codable, Equatable, Hashable, Sendable {
            public init() {
            }
          }

          public enum Action: Equatable, Hashable, Sendable {
          }

          public let body = ComposableCore.EmptyReducer<State, Action>()
      }

      extension Feature: ComposableCore.Reducer {
      }
      """
    }
  }

  @Test func reduceIntoActionIsDeprecatedWithAFix() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {}
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }
      """
    } diagnostics: {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {}
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
             ┬─────
             ╰─ ⚠️ 'reduce(into:action:)' is deprecated: Reducers should be defined using the 'body' property and a 'Reduce'.
                ✏️ Use 'body' instead
          .none
        }
      }
      """
    } fixes: {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {}
        var body: some Reducer<State, Action> {
      Reduce { state, action in
      .none
      }
      }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable
        enum Action {}
        @ComposableCore.ReducerBuilder<State, Action>
        var body: some Reducer<State, Action> {
      Reduce { state, action in
      .none
      }
      }
      }

      extension Feature: ComposableCore.Reducer {
      }
      """
    }
  }

  @Test func argumentsOnAStructAreRefusedWithAFix() {
    assertMacro {
      """
      @Reducer(state: .equatable)
      struct Feature {
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } diagnostics: {
      """
      @Reducer(state: .equatable)
               ┬────────────────
               ╰─ 🛑 Argument passed to call that takes no arguments when applied to a struct
                  ✏️ Remove '(state: .equatable)'
      struct Feature {
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } fixes: {
      """
      @Reducer
      struct Feature {
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableCore.Reducer {
      }
      """
    }
  }

  @Test func aClassIsRefused() {
    assertMacro {
      """
      @Reducer
      class Feature {
      }
      """
    } diagnostics: {
      """
      @Reducer
      ┬───────
      ╰─ 🛑 '@Reducer' can only be applied to a struct or an enum
      class Feature {
      }
      """
    }
  }
}
