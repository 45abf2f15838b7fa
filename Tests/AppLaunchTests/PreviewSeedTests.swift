import AppDependencies
import AppFeature
import AppLaunch
import Testing

struct PreviewSeedTests {
  @Test func noSeedsLeaveEverythingToStorage() throws {
    #expect(try PreviewSeed([], for: .counter) == PreviewSeed())
  }

  @Test func eachKeyParses() throws {
    let counter = try PreviewSeed(["count=-41", "step=1000"], for: .counter)
    #expect(counter.count == -41)
    #expect(counter.step == 1000)
    let settings = try PreviewSeed(["kind=math", "sort-completed=off"], for: .settings)
    #expect(settings.kind == .math)
    #expect(settings.sortCompleted == false)
    #expect(try PreviewSeed(["sort-completed=on"], for: .todos).sortCompleted == true)
  }

  @Test func aLaterSeedWins() throws {
    #expect(try PreviewSeed(["count=1", "count=2"], for: .fact).count == 2)
  }

  @Test func anUnknownKeyNamesTheKeysTheFeatureTakes() {
    #expect(throws: PreviewSeedError("--seed color: unknown for counter; it takes count, step")) {
      try PreviewSeed(["color=on"], for: .counter)
    }
    #expect(throws: PreviewSeedError("--seed count: unknown for todos; it takes sort-completed")) {
      try PreviewSeed(["count=1"], for: .todos)
    }
  }

  @Test func aBadValueSaysWhatIsExpected() {
    #expect(throws: PreviewSeedError(#"--seed count: expected a whole number, got "many""#)) {
      try PreviewSeed(["count=many"], for: .counter)
    }
    #expect(throws: PreviewSeedError(#"--seed step: expected a whole number from 1 to 1000, got "0""#)) {
      try PreviewSeed(["step=0"], for: .counter)
    }
    #expect(throws: PreviewSeedError(#"--seed kind: expected trivia, math, year, date, got "fun""#)) {
      try PreviewSeed(["kind=fun"], for: .fact)
    }
    #expect(throws: PreviewSeedError(#"--seed sort-completed: expected on or off, got "yes""#)) {
      try PreviewSeed(["sort-completed=yes"], for: .todos)
    }
  }

  @Test func aSeedWithoutAnEqualsSignIsRefused() {
    #expect(throws: PreviewSeedError(#"--seed expects key=value, got "count""#)) {
      try PreviewSeed(["count"], for: .counter)
    }
    #expect(throws: PreviewSeedError(#"--seed expects key=value, got "=1""#)) {
      try PreviewSeed(["=1"], for: .counter)
    }
  }
}
