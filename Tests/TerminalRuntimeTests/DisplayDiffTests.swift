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

  /// One line replaced, by a copy of another line shown or by a new one: that line alone is new,
  /// as the counting of every line finds.
  @Test func aLineReplacedIsTheOneNewLine() {
    var display = DisplayDiff(["a", "b", "c"])
    #expect(display.update(to: ["a", "a", "c"]) == ["a"])
    #expect(display.update(to: ["a", "a", "d"]) == ["d"])
    #expect(display.update(to: ["c", "a", "b"]) == ["c", "b"])
    #expect(display.lines == ["c", "a", "b"])
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
