import Testing
@testable import TerminalRuntime

/// The queue between the task reading input and the program: queued events are handed out on
/// the program's actor without giving it up; an empty queue waits.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TerminalInputTests {
  @Test func queuedEventsAreHandedOutInOrderWithoutGivingUpTheActor() async {
    let queue = TerminalInput()
    for number in 1...100 { queue.push(.line("inc \(number)")) }
    var otherWorkRan = false
    Task { @MainActor in otherWorkRan = true }
    var lines: [TerminalEvent] = []
    for _ in 1...100 {
      if let event = await queue.next() { lines.append(event) }
    }
    // NB: An `AsyncStream` would have run its `next()` on the global executor, leaving the main
    //     actor free for the task above between two lines.
    #expect(!otherWorkRan)
    #expect(lines == (1...100).map { .line("inc \($0)") })
  }

  @Test func aWaitingReadGetsTheNextEventPushed() async {
    let queue = TerminalInput()
    let reader = Task { await queue.next() }
    await Task.yield()
    queue.push(.interrupt)
    #expect(await reader.value == .interrupt)
  }

  @Test func aFinishedQueueHandsOutWhatItHoldsThenEnds() async {
    let queue = TerminalInput()
    queue.push(.line("a"))
    queue.push(.end)
    queue.finish()
    queue.push(.line("after the end"))
    #expect(await queue.next() == .line("a"))
    #expect(await queue.next() == .end)
    #expect(await queue.next() == nil)
    #expect(await queue.next() == nil)
  }

  @Test func finishingEndsAWaitingRead() async {
    let queue = TerminalInput()
    let reader = Task { await queue.next() }
    await Task.yield()
    queue.finish()
    #expect(await reader.value == nil)
  }

  @Test func cancellingAWaitingReadEndsIt() async {
    let queue = TerminalInput()
    let reader = Task { await queue.next() }
    await Task.yield()
    reader.cancel()
    #expect(await reader.value == nil)
    queue.push(.line("still queued for the next read"))
    #expect(await queue.next() == .line("still queued for the next read"))
  }

  @Test func aLongScriptIsHandedOutWhole() async {
    let queue = TerminalInput()
    let count = 10_000
    let writer = Task.detached {
      for number in 1...count { queue.push(.line("\(number)")) }
      queue.finish()
    }
    var received = 0
    while let event = await queue.next() {
      received += 1
      #expect(event == .line("\(received)"))
    }
    await writer.value
    #expect(received == count)
  }
}
