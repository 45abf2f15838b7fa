@testable import ComposableCore
import Testing

/// An enum's own case paths are listed once in the process: every prepared path of every store
/// analysed against them takes the same list (the same key path objects), where listing them
/// again has the runtime instantiate every case's key path anew.
struct OwnCasePathsTests {
  @CasePathable
  enum Action {
    case first(Int)
    case second(String)
    case third
  }

  @Test func aTypesCasePathsAreListedOnceAndTheSameEachTime() {
    let listed = OwnCasePaths.of(Action.self)
    let again = OwnCasePaths.of(Action.self)
    #expect(listed.count == 3)
    #expect(listed == OwnCasePaths.list(Action.self))
    #expect(zip(listed, again).allSatisfy { $0 === $1 })
  }

  @Test func aPresentationAndATypeWithoutCasesListTheirsToo() {
    #expect(OwnCasePaths.of(PresentationAction<Action>.self).count == 2)
    #expect(OwnCasePaths.of(Int.self).isEmpty)
  }
}
