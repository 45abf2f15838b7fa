import ComposableCore
import TerminalUI
import Testing

/// A scoped view's commands reach the parent as the child's actions embedded by the scope's
/// case key path, every time: before and after the scope has learnt the path's case, for a
/// case of the parent's own, an indirect one and a path through two enums.
struct TerminalScopeEmbeddingTests {
  @CasePathable
  indirect enum Parent: Equatable {
    case number(Int)
    case other(String)
    case wrapped(Wrapper)
  }

  @CasePathable
  enum Wrapper: Equatable {
    case number(Int)
    case nothing
  }

  struct State {
    var number = 0
  }

  func outcomes(
    of scope: TerminalScope<State, Parent, NumberView>,
    _ lines: [String]
  ) throws -> [Parent] {
    var state = State()
    return try lines.map { line in
      guard case .send(let action)? = try scope.parse(line, state: state).commandOutcome() else {
        Issue.record("\(line) sent nothing")
        return .other(line)
      }
      if case .number(let number) = action { state.number = number }
      return action
    }
  }

  @Test func aCaseOfTheParentsOwnIsEmbeddedEveryTime() throws {
    let scope = TerminalScope("Number", state: \State.number, action: \Parent.Cases.number) { NumberView() }
    let lines = Array(repeating: "inc", count: 8) + ["set 3", "inc"]
    #expect(try outcomes(of: scope, lines) == (1...8).map(Parent.number) + [.number(3), .number(4)])
  }

  @Test func aPathThroughTwoEnumsIsEmbeddedEveryTime() throws {
    let scope = TerminalScope("Number", state: \State.number, action: \Parent.Cases.wrapped.number) {
      NumberView()
    }
    let sent = try outcomes(of: scope, Array(repeating: "set 5", count: 8) + ["set 2"])
    #expect(sent == Array(repeating: .wrapped(.number(5)), count: 8) + [.wrapped(.number(2))])
  }
}
