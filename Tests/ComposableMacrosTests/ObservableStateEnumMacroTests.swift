import ComposableMacroExpansions
import MacroTesting
import Testing

/// `@ObservableState` on an enum of states: its identity and `_$willModify()` come from the
/// state in its current case.
@Suite(
  .macros(
    [
      "ObservableState": ObservableStateMacro.self,
      "ObservationStateTracked": ObservationStateTrackedMacro.self,
      "ObservationStateIgnored": ObservationStateIgnoredMacro.self,
    ]
  )
)
struct ObservableStateEnumMacroTests {
  @Test func anEnumTakesItsCasesIdentity() {
    assertMacro {
      """
      @ObservableState
      enum Path {
        case detail(Detail.State)
        case edit(state: Edit.State)
        case empty
      }
      """
    } expansion: {
      """
      enum Path {
        case detail(Detail.State)
        case edit(state: Edit.State)
        case empty

        public var _$id: ComposableCore.ObservableStateID {
          switch self {
          case let .detail(state):
            return ._$id(for: state)._$tag(0)
          case let .edit(state):
            return ._$id(for: state)._$tag(1)
          case .empty:
            return ComposableCore.ObservableStateID()._$tag(2)
          }
        }

        public mutating func _$willModify() {
          switch self {
          case var .detail(state):
            ComposableCore._$willModify(&state)
            self = .detail(state)
          case var .edit(state):
            ComposableCore._$willModify(&state)
            self = .edit(state: state)
          case .empty:
            break
          }
        }
      }
      """
    }
  }
}
