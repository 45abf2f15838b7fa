import Testing
@testable import TerminalRuntime

struct DisplayDiffTests {
  @Test func onlyLinesNotShownBeforeAreNew() {
    var screen = DisplayDiff(["count: 1", "step: 1"])
    #expect(screen.update(to: ["count: 2", "step: 1"]) == ["count: 2"])
    #expect(screen.lines == ["count: 2", "step: 1"])
    #expect(screen.update(to: ["count: 2", "step: 1"]).isEmpty)
  }

  @Test func aLineShownOnceStandsForOneLineOfTheNewScreen() {
    var screen = DisplayDiff(["  no todos"])
    #expect(screen.update(to: ["  no todos", "  no todos"]) == ["  no todos"])
    #expect(screen.update(to: []).isEmpty)
    #expect(screen.update(to: ["a"]) == ["a"])
  }

  /// A screen of 100,000 lines with one added on top: the old lines are all found, each by one
  /// look-up (a search of the old screen for every line took minutes at this size).
  @Test func aLongScreenIsDiffedInLinearTime() {
    let old = (1...100_000).map { "  \($0). todo \($0)" }
    var screen = DisplayDiff(old)
    #expect(screen.update(to: ["  0. new"] + old) == ["  0. new"])
    #expect(screen.update(to: Array(old.reversed())).isEmpty)
  }
}
