import ComposableCore
import Testing

/// The subscripts by case path TCA kept, deprecated, from before case key paths.
@MainActor
struct AnyCasePathNavigationTests {
  @CasePathable
  enum Destination: Equatable {
    case edit(Int)
    case share(String)
  }

  static let edit = AnyCasePath(\Destination.Cases.edit)

  @available(*, deprecated)
  @Test func presentationStateReadsAndWritesOneCase() {
    var state = PresentationState<Destination>(wrappedValue: .edit(1))
    #expect(state[case: Self.edit] == 1)
    state[case: Self.edit] = 2
    #expect(state.wrappedValue == .edit(2))
    state[case: Self.edit] = nil
    #expect(state.wrappedValue == nil)
  }

  @available(*, deprecated)
  @Test func presentationStateInAnotherCaseIsReportedAndUnchanged() {
    var state = PresentationState<Destination>(wrappedValue: .share("link"))
    #expect(state[case: Self.edit] == nil)
    withKnownIssue {
      state[case: Self.edit] = 3
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == #"Can't modify unrelated case "share""#
    }
    #expect(state.wrappedValue == .share("link"))
  }

  @available(*, deprecated)
  @Test func stackStateReadsAndWritesOneCaseOfAnElement() {
    var stack = StackState<Destination>([.edit(1), .share("link")])
    #expect(stack[id: 0, case: Self.edit] == 1)
    stack[id: 0, case: Self.edit] = 5
    #expect(stack[id: 0] == .edit(5))
    withKnownIssue {
      stack[id: 1, case: Self.edit] = 6
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == #"Can't modify unrelated case "share""#
    }
    #expect(stack[id: 1] == .share("link"))
  }
}
