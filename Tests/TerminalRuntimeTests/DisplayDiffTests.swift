import Testing
@testable import TerminalRuntime

struct DisplayDiffTests {
  @Test func onlyLinesNotShownBeforeAreNew() {
    var display = DisplayDiff(["count: 1", "step: 1"])
    #expect(display.update(to: ["count: 2", "step: 1"]) == ["count: 2"])
    #expect(display.lines == ["count: 2", "step: 1"])
    #expect(display.update(to: ["count: 2", "step: 1"]).isEmpty)
  }

  @Test func aLineShownOnceStandsForOneLineOfTheNewDisplay() {
    var display = DisplayDiff(["  no todos"])
    #expect(display.update(to: ["  no todos", "  no todos"]) == ["  no todos"])
    #expect(display.update(to: []).isEmpty)
    #expect(display.update(to: ["a"]) == ["a"])
  }

  /// A display of 100,000 lines with one added on top: the old lines are all found, each by one
  /// look-up (a search of the old display for every line took minutes at this size).
  @Test func aLongDisplayIsDiffedInLinearTime() {
    let old = (1...100_000).map { "  \($0). todo \($0)" }
    var display = DisplayDiff(old)
    #expect(display.update(to: ["  0. new"] + old) == ["  0. new"])
    #expect(display.update(to: Array(old.reversed())).isEmpty)
  }
}
