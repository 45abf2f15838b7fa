@_spi(Internals) import ComposableCore
import ComposableTestSupport
import ConcurrencyExtras
import Dependencies
import Foundation
import TestClocks
import Testing

/// The Composable Architecture's `EffectTests`, ported: composition, cancellation and the
/// dependencies effects carry, run on their own (`effect.actions`) or in a test store.
///
/// TCA checks timing with `withMainSerialExecutor` and Combine schedulers; here each action
/// carries the test clock's time when it was sent, so `concatenate` and `merge` are told apart
/// by when their work ran. TCA's `testCanary1`/`testCanary2` are not ported: they exercise
/// `TestStoreTask(rawValue:timeout:)`, an SPI over a raw `Task` this test store does not use
/// (its tasks wrap the store's `StoreTask`).
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct EffectTests {
  struct Timed: Equatable, Sendable {
    var value: Int
    var time: Duration
  }

  /// Effects that each sleep `count` seconds, then send `count` and the time it was sent.
  func sleepers(_ clock: SleepCountingClock) -> [Effect<Timed>] {
    let start = clock.now
    return (1...3).map { count in
      .run { send in
        try await clock.sleep(for: .seconds(count))
        await send(Timed(value: count, time: start.duration(to: clock.now)))
      }
    }
  }

  @Test func concatenate() async {
    let clock = SleepCountingClock()
    var actions = Effect.concatenate(sleepers(clock)).actions.makeAsyncIterator()

    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    #expect(await actions.next() == Timed(value: 1, time: .seconds(1)))

    await clock.waitForSleeps(2)
    await clock.advance(by: .seconds(2))
    #expect(await actions.next() == Timed(value: 2, time: .seconds(3)))

    await clock.waitForSleeps(3)
    await clock.advance(by: .seconds(3))
    #expect(await actions.next() == Timed(value: 3, time: .seconds(6)))
    #expect(await actions.next() == nil)
  }

  @Test func concatenateOneEffect() async {
    let clock = SleepCountingClock()
    var actions = Effect<Int>.concatenate(
      .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(1)
      }
    )
    .actions
    .makeAsyncIterator()

    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    #expect(await actions.next() == 1)
    #expect(await actions.next() == nil)
  }

  @Test func merge() async {
    let clock = SleepCountingClock()
    var actions = Effect.merge(sleepers(clock)).actions.makeAsyncIterator()

    await clock.waitForSleeps(3)
    await clock.advance(by: .seconds(1))
    #expect(await actions.next() == Timed(value: 1, time: .seconds(1)))
    await clock.advance(by: .seconds(1))
    #expect(await actions.next() == Timed(value: 2, time: .seconds(2)))
    await clock.advance(by: .seconds(1))
    #expect(await actions.next() == Timed(value: 3, time: .seconds(3)))
    #expect(await actions.next() == nil)
  }

  @Test func doubleCancelInFlight() async {
    var result: Int?
    let effect = Effect.send(42)
      .cancellable(id: "id", cancelInFlight: true)
      .cancellable(id: "id", cancelInFlight: true)

    for await n in effect.actions {
      #expect(result == nil)
      result = n
    }
    #expect(result == 42)
  }

  @Reducer
  struct DependenciesTransferredToEffects {
    enum Action: Equatable {
      case tap
      case response(Int)
    }
    @Dependency(\.date) var date
    var body: some Reducer<Int, Action> {
      Reduce { state, action in
        switch action {
        case .tap:
          return .run { send in
            await send(.response(Int(self.date.now.timeIntervalSinceReferenceDate)))
          }
        case .response(let value):
          state = value
          return .none
        }
      }
    }
  }

  @Test func dependenciesTransferredToEffects() async {
    let store = TestStore(initialState: 0) {
      DependenciesTransferredToEffects()
        .dependency(\.date, .constant(Date(timeIntervalSinceReferenceDate: 1_234_567_890)))
    }

    await store.send(.tap).finish(timeout: .seconds(1))
    await store.receive(.response(1_234_567_890)) {
      $0 = 1_234_567_890
    }
  }

  @Test func map() async {
    @Dependency(\.date) var date
    let effect = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      Effect.send(()).map { date() }
    }
    var output: Date?
    for await date in effect.actions {
      #expect(output == nil)
      output = date
    }
    #expect(output == Date(timeIntervalSince1970: 1_234_567_890))

    let runEffect = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      Effect<Void>.run { send in await send(()) }.map { date() }
    }
    output = nil
    for await date in runEffect.actions {
      #expect(output == nil)
      output = date
    }
    #expect(output == Date(timeIntervalSince1970: 1_234_567_890))
  }

  @Test func mapSeesTheDependenciesWhereItIsCalled() async {
    // NB: As TCA's `map`: the transform runs with the dependencies in force where `map` was
    //     called, even when the effect was made under others.
    @Dependency(\.date) var date
    let run = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1)
    } operation: {
      Effect<Void>.run { send in await send(()) }
    }
    let mapped = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 2)
    } operation: {
      run.map { date() }
    }
    var output: [Date] = []
    for await date in mapped.actions { output.append(date) }
    #expect(output == [Date(timeIntervalSince1970: 2)])
  }
}
