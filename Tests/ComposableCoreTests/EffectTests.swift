@testable import ComposableCore
import TestClocks
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct EffectTests {
  @Test func noneIsElidedInMerges() {
    #expect(Effect<Int>.merge(.none, .none).isNone)
    #expect(Effect<Int>.merge([]).isNone)
    #expect(Effect<Int>.concatenate(.none, .none).isNone)
    guard case .send(1) = Effect<Int>.merge(.none, .send(1), .none).operation else {
      Issue.record("A merge of one effect and nones is that effect")
      return
    }
    guard case .merge(let effects) = Effect<Int>.merge(.send(1), .merge(.send(2), .send(3))).operation else {
      Issue.record("Expected a merge")
      return
    }
    #expect(effects.count == 3)
    #expect(Effect<Int>.none.merge(with: .none).isNone)
  }

  @Test func mergeWithFlattensBothSidesInOrder() {
    let merged = Effect<Int>.merge(.send(1), .send(2))
      .merge(with: .merge(.send(3), .send(4)))
      .merge(with: .send(5))
    guard case .merge(let effects) = merged.operation else {
      Issue.record("Expected a merge")
      return
    }
    let sent = effects.compactMap { effect -> Int? in
      guard case .send(let value) = effect.operation else { return nil }
      return value
    }
    #expect(sent == [1, 2, 3, 4, 5])
  }

  @Test func concatenateIsSequentialAndMergeConcurrent() async {
    let clock = SleepCountingClock()
    let store = Store(initialState: Timeline.State()) { Timeline() } withDependencies: {
      $0.continuousClock = clock
    }

    store.send(.concatenate)
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await store.wait { $0.log == ["a"] }
    await clock.waitForSleeps(2)
    await clock.advance(by: .seconds(1))
    await store.wait { $0.log == ["a", "b"] }

    store.send(.reset)
    store.send(.merge)
    await clock.waitForSleeps(4)
    await clock.advance(by: .seconds(1))
    await store.wait { $0.log.count == 2 }
    #expect(Set(store.state.log) == ["a", "b"])
  }

  @Test func concatenateRunsSendsInOrderBetweenAsyncWork() async {
    let clock = SleepCountingClock()
    let store = Store(initialState: Timeline.State()) { Timeline() } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.concatenateWithSends)
    #expect(store.state.log == ["start"])
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.log == ["start", "a", "end"])
  }

  @Test func mapTransformsEveryAction() async {
    let store = Store(initialState: Timeline.State()) { Timeline() }
    await store.send(.mapped).finish()
    #expect(store.state.log == ["MAPPED:SYNC", "MAPPED:ASYNC"])
  }

  @Test func runReportsAnUnhandledErrorWithItsSourceLocation() async {
    let store = Store(initialState: Timeline.State()) { Timeline() }
    await withKnownIssue {
      await store.send(.failUnhandled).finish()
    } matching: { issue in
      let description = String(describing: issue)
      return description.contains(#"An "Effect.run" returned from "ComposableCoreTests/Timeline.swift:"#)
        && description.contains("threw an unhandled error")
        && issue.sourceLocation?.fileName == "Timeline.swift"
    }
  }

  @Test func runSwallowsCancellationErrors() async {
    let store = Store(initialState: Timeline.State()) { Timeline() }
    await store.send(.throwCancellation).finish()
    #expect(store.state.log == [])
  }

  @Test func runHandsOtherErrorsToItsCatchHandler() async {
    let store = Store(initialState: Timeline.State()) { Timeline() }
    await store.send(.failHandled).finish()
    #expect(store.state.log == ["caught: boom"])
  }
}
