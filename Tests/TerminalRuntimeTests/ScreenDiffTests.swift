import Testing
@testable import TerminalRuntime

struct ScreenDiffTests {
  @Test func onlyLinesNotShownBeforeAreNew() {
    var screen = ScreenDiff(["count: 1", "step: 1"])
    #expect(screen.update(to: ["count: 2", "step: 1"]) == ["count: 2"])
    #expect(screen.lines == ["count: 2", "step: 1"])
    #expect(screen.update(to: ["count: 2", "step: 1"]).isEmpty)
  }

  @Test func aLineShownOnceStandsForOneLineOfTheNewScreen() {
    var screen = ScreenDiff(["  no todos"])
    #expect(screen.update(to: ["  no todos", "  no todos"]) == ["  no todos"])
    #expect(screen.update(to: []).isEmpty)
    #expect(screen.update(to: ["a"]) == ["a"])
  }
}
