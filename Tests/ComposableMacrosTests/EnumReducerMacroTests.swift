import ComposableMacroExpansions
import MacroTesting
import Testing

/// `@Reducer` on an enum of features: the state and action enums it derives, the body that
/// scopes to each case, `CaseScope`, and the conformances the macro's arguments add.
@Suite(
  .macros([
    "Reducer": ReducerMacro.self,
    "ReducerCaseEphemeral": ReducerCaseEphemeralMacro.self,
    "ReducerCaseIgnored": ReducerCaseIgnoredMacro.self,
  ])
)
struct EnumReducerMacroTests {
  @Test func anEnumOfFeaturesGetsStateActionBodyAndCaseScope() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case alert(AlertState<Alert>)
        case edit(TodoEditor)
        case detail(Detail = Detail(mode: .full))
        @ReducerCaseIgnored
        case note(String)
        case empty
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case alert(AlertState<Alert>)
        case edit(TodoEditor)
        case detail(Detail = Detail(mode: .full))
        case note(String)
        case empty

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableCore.CaseReducerState {
          typealias StateReducer = Destination
          case alert(AlertState<Alert>)
          case edit(TodoEditor.State)
          case detail(Detail.State)
          case note(String)
          case empty
        }

        @CasePathable
        enum Action {
          case alert(Alert)
          case edit(TodoEditor.Action)
          case detail(Detail.Action)
          case note(Swift.Never)
          case empty(Swift.Never)
        }

        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableCore.Reduce<Self.State, Self.Action> {
          ComposableCore.Reduce(
            ComposableCore.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
          TodoEditor()
            }
            .ifCaseLet(\Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
          Detail(mode: .full)
            }
          )
        }

        @dynamicMemberLookup
        enum CaseScope: ComposableCore._CaseScopeProtocol, CasePaths.CasePathable {
          case alert(AlertState<Alert>)
          case edit(ComposableCore.StoreOf<TodoEditor>)
          case detail(ComposableCore.StoreOf<Detail>)
          case note(String)
          case empty
          struct AllCasePaths {
            var alert: CasePaths.AnyCasePath<CaseScope, AlertState<Alert>> {
          CasePaths.AnyCasePath(
            embed: CaseScope.alert,
            extract: {
              guard case let .alert(v0) = $0 else {
                return nil
              };
              return v0
            }
          )
            }
            var edit: CasePaths.AnyCasePath<CaseScope, ComposableCore.StoreOf<TodoEditor>> {
              CasePaths.AnyCasePath(
                embed: CaseScope.edit,
                extract: {
              guard case let .edit(v0) = $0 else {
                return nil
              };
              return v0
            }
              )
            }
            var detail: CasePaths.AnyCasePath<CaseScope, ComposableCore.StoreOf<Detail>> {
              CasePaths.AnyCasePath(
                embed: CaseScope.detail,
                extract: {
              guard case let .detail(v0) = $0 else {
                return nil
              };
              return v0
            }
              )
            }
            var note: CasePaths.AnyCasePath<CaseScope, String> {
              CasePaths.AnyCasePath(
                embed: CaseScope.note,
                extract: {
              guard case let .note(v0) = $0 else {
                return nil
              };
              return v0
            }
              )
            }
            var empty: CasePaths.AnyCasePath<CaseScope, Void> {
              CasePaths.AnyCasePath(
                embed: {
              CaseScope.empty
            },
                extract: {
              guard case .empty = $0 else {
                return nil
              };
              return ()
            }
              )
            }
          }
          static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableCore.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case let .alert(v0):
            return .alert(v0)
          case .edit:
            return .edit(store.scope(\.edit, action: \.edit)!)
          case .detail:
            return .detail(store.scope(\.detail, action: \.detail)!)
          case let .note(v0):
            return .note(v0)
          case .empty:
            return .empty
          }
        }
      }

      extension Destination: ComposableCore.CaseReducer, ComposableCore.Reducer {
      }
      """#
    }
  }

  @Test func anEnumWithNoFeaturesHasAnEmptyBody() {
    assertMacro {
      """
      @Reducer
      public enum Destination {
        case alert(AlertState<Alert>)
      }
      """
    } expansion: {
      """
      public enum Destination {
        case alert(AlertState<Alert>)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        public enum State: ComposableCore.CaseReducerState {
          public typealias StateReducer = Destination
          case alert(AlertState<Alert>)
        }

        @CasePathable
        public enum Action {
          case alert(Alert)
        }

        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        public static var body: ComposableCore.EmptyReducer<Self.State, Self.Action> {
          ComposableCore.EmptyReducer<Self.State, Self.Action>()
        }

        @dynamicMemberLookup
        public enum CaseScope: ComposableCore._CaseScopeProtocol, CasePaths.CasePathable {
          case alert(AlertState<Alert>)
          public struct AllCasePaths {
            public var alert: CasePaths.AnyCasePath<CaseScope, AlertState<Alert>> {
          CasePaths.AnyCasePath(
            embed: CaseScope.alert,
            extract: {
              guard case let .alert(v0) = $0 else {
                return nil
              };
              return v0
            }
          )
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @preconcurrency @MainActor
        public static func scope(_ store: ComposableCore.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case let .alert(v0):
            return .alert(v0)
          }
        }
      }

      extension Destination: ComposableCore.CaseReducer, ComposableCore.Reducer {
      }
      """
    }
  }

  @Test func anEnumsConformancesComeFromTheArguments() {
    assertMacro {
      """
      @Reducer(state: .equatable, .sendable, action: .sendable)
      enum Path {
        case detail(Detail)
      }
      """
    } expansion: {
      #"""
      enum Path {
        case detail(Detail)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableCore.CaseReducerState, Equatable, Sendable {
          typealias StateReducer = Path
          case detail(Detail.State)
        }

        @CasePathable
        enum Action: Sendable {
          case detail(Detail.Action)
        }

        @ComposableCore.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableCore.Reduce<Self.State, Self.Action> {
          ComposableCore.Reduce(
            ComposableCore.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
          Detail()
            }
          )
        }

        @dynamicMemberLookup
        enum CaseScope: ComposableCore._CaseScopeProtocol, CasePaths.CasePathable {
          case detail(ComposableCore.StoreOf<Detail>)
          struct AllCasePaths {
            var detail: CasePaths.AnyCasePath<CaseScope, ComposableCore.StoreOf<Detail>> {
          CasePaths.AnyCasePath(
            embed: CaseScope.detail,
            extract: {
              guard case let .detail(v0) = $0 else {
                return nil
              };
              return v0
            }
          )
            }
          }
          static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableCore.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(\.detail, action: \.detail)!)
          }
        }
      }

      extension Path: ComposableCore.CaseReducer, ComposableCore.Reducer {
      }
      """#
    }
  }
}
