@_spi(Internals) @testable import ComposableCore
import ConcurrencyExtras
import Foundation
import TestClocks
import Testing

/// The Composable Architecture's `EffectCancellationTests`, ported: an effect run on its own
/// (`effect.actions`), outside any store, cancelled by `Task.cancel(id:)`.
///
/// TCA drives these with Combine subjects and schedulers; here a subject is an `AsyncStream`
/// the effect reads, and time is a test clock. TCA's `testCancellablePath` is not ported: it
/// sets TCA's `navigationIDPath` dependency, which this core does not have (a child's ids are
/// scoped by the store, see `CancellationTests`). `testConcurrentCancels` is ported as
/// `concurrentCancels` over `.run` effects instead of publishers on dispatch queues.
@Suite(.timeLimit(.minutes(5)))
struct EffectCancellationTests {
  /// Values fed to an effect, one stream per effect that reads them.
  final class Subject: Sendable {
    private let continuations = LockIsolated<[AsyncStream<Int>.Continuation]>([])

    /// An effect that sends every value this subject is given after it starts, until the
    /// subject finishes.
    func effect() -> Effect<Int> {
      let (values, continuation) = AsyncStream.makeStream(of: Int.self)
      continuations.withValue { $0.append(continuation) }
      return .run { send in
        for await value in values { await send(value) }
      }
    }

    func send(_ value: Int) {
      for continuation in continuations.value { continuation.yield(value) }
    }

    func finish() {
      for continuation in continuations.value { continuation.finish() }
    }
  }

  @Test func cancellation() async {
    struct CancelID: Hashable {}
    let subject = Subject()
    var actions = subject.effect().cancellable(id: CancelID()).actions.makeAsyncIterator()

    subject.send(1)
    #expect(await actions.next() == 1)
    subject.send(2)
    #expect(await actions.next() == 2)

    Task.cancel(id: CancelID())
    subject.send(3)
    #expect(await actions.next() == nil)
  }

  @Test func cancelInFlight() async {
    struct CancelID: Hashable {}
    let subject = Subject()
    var first = subject.effect().cancellable(id: CancelID(), cancelInFlight: true).actions
      .makeAsyncIterator()
    subject.send(1)
    #expect(await first.next() == 1)
    subject.send(2)
    #expect(await first.next() == 2)

    var second = subject.effect().cancellable(id: CancelID(), cancelInFlight: true).actions
      .makeAsyncIterator()
    // NB: Starting the second effect cancels the first.
    #expect(await first.next() == nil)
    subject.send(3)
    #expect(await second.next() == 3)
    subject.send(4)
    #expect(await second.next() == 4)

    Task.cancel(id: CancelID())
    #expect(await second.next() == nil)
  }

  /// An effect that sends 1 after sleeping 2 seconds on `clock`, cancellable by `id`.
  func delayedOne(_ clock: SleepCountingClock, id: some Hashable & Sendable) -> Effect<Int> {
    Effect<Int>.run { send in
      try await clock.sleep(for: .seconds(2))
      await send(1)
    }
    .cancellable(id: id)
  }

  @Test func cancellationAfterDelay() async {
    struct CancelID: Hashable {}
    let clock = SleepCountingClock()
    var actions = delayedOne(clock, id: CancelID()).actions.makeAsyncIterator()

    await clock.waitForSleeps(1)
    Task.cancel(id: CancelID())
    await clock.advance(by: .seconds(3))
    #expect(await actions.next() == nil)
  }

  @Test func cancellationAfterDelayWithTestClock() async {
    struct CancelID: Hashable {}
    let clock = SleepCountingClock()
    var actions = delayedOne(clock, id: CancelID()).actions.makeAsyncIterator()

    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    Task.cancel(id: CancelID())
    await clock.advance(by: .seconds(1))
    #expect(await actions.next() == nil)
  }

  @Test func doubleCancellation() async {
    struct CancelID: Hashable {}
    let subject = Subject()
    var actions = subject.effect()
      .cancellable(id: CancelID())
      .cancellable(id: CancelID())
      .actions
      .makeAsyncIterator()

    subject.send(1)
    #expect(await actions.next() == 1)

    Task.cancel(id: CancelID())
    subject.send(2)
    #expect(await actions.next() == nil)
  }

  @Test func completeBeforeCancellation() async {
    struct CancelID: Hashable {}
    let subject = Subject()
    var actions = subject.effect().cancellable(id: CancelID()).actions.makeAsyncIterator()

    subject.send(1)
    #expect(await actions.next() == 1)
    subject.finish()
    #expect(await actions.next() == nil)

    Task.cancel(id: CancelID())
    #expect(await actions.next() == nil)
  }

  @Test func sharedID() async {
    let id = UUID()
    let clock = SleepCountingClock()
    let first = Effect<Int>.run { send in
      try await clock.sleep(for: .seconds(1))
      await send(1)
    }
    .cancellable(id: id)
    let second = Effect<Int>.run { send in
      try await clock.sleep(for: .seconds(2))
      await send(2)
    }
    .cancellable(id: id)

    var firstActions = first.actions.makeAsyncIterator()
    var secondActions = second.actions.makeAsyncIterator()
    await clock.waitForSleeps(2)
    await clock.advance(by: .seconds(1))
    #expect(await firstActions.next() == 1)
    await clock.advance(by: .seconds(1))
    #expect(await secondActions.next() == 2)
    #expect(await firstActions.next() == nil)
    #expect(await secondActions.next() == nil)
  }

  @Test func immediateCancellation() async {
    let id = UUID()
    let clock = SleepCountingClock()
    let output = LockIsolated<[Int]>([])
    let effect = Effect<Int>.run { send in
      try await clock.sleep(for: .seconds(1))
      await send(1)
    }
    .cancellable(id: id)

    let task = Task {
      for await n in effect.actions { output.withValue { $0.append(n) } }
    }
    task.cancel()
    await clock.advance(by: .seconds(1))
    await task.value
    #expect(output.value == [])
  }

  @Test func nestedMergeCancellation() async {
    let effect = Effect<Int>.merge(
      .run { send in
        await send(1)
        await send(2)
      }
      .cancellable(id: 1)
    )
    .cancellable(id: 2)

    var output: [Int] = []
    for await n in effect.actions { output.append(n) }
    #expect(output == [1, 2])
  }

  @Test func cancellationWithoutThrowingCancellationError() async {
    // NB: TCA's test cancels a URLSession download, which throws `URLError.cancelled` rather
    //     than `CancellationError`; an error thrown once cancelled is not reported.
    struct CancelID: Hashable {}
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let effect = Effect<Void>.run { _ in
      startedContinuation.yield()
      do {
        try await Task.never()
      } catch {
        throw URLError(.cancelled)
      }
    }
    .cancellable(id: CancelID())
    var actions = effect.actions.makeAsyncIterator()
    for await _ in started { break }
    Task.cancel(id: CancelID())
    #expect(await actions.next() == nil)
  }

  @Test func cancellablesCleanUpOnComplete() async {
    let id = UUID()
    for await _ in Effect.send(1).cancellable(id: id).actions {}
    for await _ in Effect<Int>.run(operation: { await $0(1) }).cancellable(id: id).actions {}
    #expect(TaskCancellationRegistry.shared.count(id: AnyHashableSendable(id)) == 0)
  }

  @Test func cancellablesCleanUpOnCancel() async {
    let id = UUID()
    let clock = SleepCountingClock()
    var actions = Effect<Int>.run { send in
      try await clock.sleep(for: .seconds(1))
      await send(1)
    }
    .cancellable(id: id)
    .actions
    .makeAsyncIterator()
    await clock.waitForSleeps(1)

    Task.cancel(id: id)
    #expect(await actions.next() == nil)
    #expect(TaskCancellationRegistry.shared.count(id: AnyHashableSendable(id)) == 0)
  }

  @Test func concurrentCancels() async {
    let ids = (1...10).map { _ in UUID() }
    let effect = Effect<Int>.merge(
      (1...1_000).map { index -> Effect<Int> in
        let id = ids[index % 10]
        return .merge(
          .run { send in
            try await Task.sleep(nanoseconds: .random(in: 1...2_000_000))
            await send(index)
          }
          .cancellable(id: id),
          .run { _ in
            try await Task.sleep(nanoseconds: .random(in: 1...2_000_000))
            Task.cancel(id: id)
          }
        )
      }
    )
    for await _ in effect.actions {}
    for id in ids {
      #expect(
        TaskCancellationRegistry.shared.count(id: AnyHashableSendable(id)) == 0,
        "the registry should not hold id \(id)"
      )
    }
  }

  @Test func asyncConcurrentCancels() async {
    // NB: TCA cancels each id after a random 1–2 ms and tolerates misses on CI; here each id is
    //     cancelled once all of its work is registered, so every piece must end cancelled.
    let ids = (1...100).map { _ in AnyHashableSendable(UUID()) }
    let workPerID = 100
    // NB: each piece of work tells it has begun from inside `withTaskCancellation`, where it is
    //     registered; the id is cancelled once all of its pieces have. (Polling the registry
    //     with `Task.yield()` instead kept a hundred tasks spinning on the suite's two cores.)
    let begun = Arrivals()
    let areCancelled = await withTaskGroup(of: Bool.self, returning: [Bool].self) { group in
      for id in ids {
        for _ in 1...workPerID {
          group.addTask {
            await withTaskCancellation(id: id) {
              await begun.arrive(id)
              await Self.untilCancelled()
              return Task.isCancelled
            }
          }
        }
        group.addTask {
          await begun.wait(for: id, count: workPerID)
          #expect(TaskCancellationRegistry.shared.count(id: id) == workPerID)
          Task.cancel(id: id)
          return true
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(areCancelled.count == ids.count * (workPerID + 1))
    #expect(areCancelled.allSatisfy { $0 }, "all tasks should be cancelled")
    for id in ids {
      #expect(TaskCancellationRegistry.shared.count(id: id) == 0)
    }
  }

  @Test func cancelIDHash() {
    struct CancelID1: Hashable, Sendable {}
    struct CancelID2: Hashable, Sendable {}
    let id1 = CancelID(AnyHashableSendable(CancelID1()), path: [])
    let id2 = CancelID(AnyHashableSendable(CancelID2()), path: [])
    #expect(id1 != id2)
    // NB: Every empty struct hashes alike; the type must be part of the hash.
    #expect(id1.hashValue != id2.hashValue)
  }

  /// Suspends until the current task is cancelled, however long that takes. (A sleep of a
  /// minute stood for this and ended on its own: in a suite that ran this test for 80 seconds,
  /// an id's first pieces of work had slept their minute out before its last one began, and
  /// were no longer registered when the id was cancelled.)
  static func untilCancelled() async {
    let (stream, continuation) = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
      for await _ in stream {}
    } onCancel: {
      continuation.finish()
    }
  }

  /// How many tasks have arrived, by id, and who waits for a number of them.
  actor Arrivals {
    private var counts: [AnyHashableSendable: Int] = [:]
    private var waiters: [(id: AnyHashableSendable, count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// One more task arrived for `id`.
    func arrive(_ id: AnyHashableSendable) {
      counts[id, default: 0] += 1
      let count = counts[id, default: 0]
      waiters.removeAll { waiter in
        guard waiter.id == id, waiter.count <= count else { return false }
        waiter.continuation.resume()
        return true
      }
    }

    /// Returns once `count` tasks have arrived for `id`.
    func wait(for id: AnyHashableSendable, count: Int) async {
      guard counts[id, default: 0] < count else { return }
      await withCheckedContinuation { waiters.append((id, count, $0)) }
    }
  }
}
