import Observation
import Synchronization
import Testing

@testable import ChangeTracking

/// A write tells its announcer once; each party learns of it from there: a record of reads,
/// observation, the member's subscribers and, for a shared value that was read, the listeners to
/// every shared value.
struct ChangeAnnouncerTests {
  @Test func oneAnnouncementReachesEveryParty() {
    let value = Announced(sharedValue: true)
    let (_, record) = ReadRecord.recording { value.read() }
    let observed = Atomic<Int>(0)
    withObservationTracking { value.read() } onChange: { observed.add(1, ordering: .relaxed) }
    let subscribed = Atomic<Int>(0)
    let unsubscribe = value.announcer.subscribe(to: \Announced.first) { subscribed.add(1, ordering: .relaxed) }
    defer { unsubscribe() }
    let listened = Atomic<Int>(0)
    let token = SharedChangeListeners.add { if $0 === value.announcer { listened.add(1, ordering: .relaxed) } }
    defer { SharedChangeListeners.remove(token) }

    value.change(\.first)

    #expect(record.hasChanged)
    #expect(value.announcer.changeCount == 1)
    #expect(observed.load(ordering: .relaxed) == 1)
    #expect(subscribed.load(ordering: .relaxed) == 1)
    #expect(listened.load(ordering: .relaxed) == 1)
  }

  @Test func aValueNeverReadMakesNoRegistrarAndTellsNoListener() {
    let value = Announced(sharedValue: true)
    let listened = Atomic<Int>(0)
    let token = SharedChangeListeners.add { if $0 === value.announcer { listened.add(1, ordering: .relaxed) } }
    defer { SharedChangeListeners.remove(token) }

    value.change(\.first)

    #expect(value.announcer.registrarIfMade == nil)
    #expect(value.announcer.changeCount == 1)
    #expect(listened.load(ordering: .relaxed) == 0)
    value.read()
    #expect(value.announcer.registrarIfMade != nil)
  }

  @Test func stateThatIsNotASharedValueTellsNoListener() {
    let value = Announced(sharedValue: false)
    value.read()
    let listened = Atomic<Int>(0)
    let token = SharedChangeListeners.add { if $0 === value.announcer { listened.add(1, ordering: .relaxed) } }
    defer { SharedChangeListeners.remove(token) }

    value.change(\.first)

    #expect(listened.load(ordering: .relaxed) == 0)
  }

  @Test func aSubscriberHearsItsMemberOnlyUntilItUnsubscribes() {
    let value = Announced(sharedValue: false)
    let heard = Atomic<Int>(0)
    let unsubscribe = value.announcer.subscribe(to: \Announced.first) { heard.add(1, ordering: .relaxed) }

    value.change(\.second)
    #expect(heard.load(ordering: .relaxed) == 0)
    value.change(\.first)
    #expect(heard.load(ordering: .relaxed) == 1)
    unsubscribe()
    unsubscribe()
    value.change(\.first)
    #expect(heard.load(ordering: .relaxed) == 1)
    #expect(value.announcer.made.load(ordering: .acquiring)?.takeUnretainedValue().subscriberCount.load(ordering: .relaxed) == 0)
  }

  @Test func aWillChangeIsCountedAndObservedOnce() {
    let value = Announced(sharedValue: false)
    let observed = Atomic<Int>(0)
    withObservationTracking { value.read() } onChange: { observed.add(1, ordering: .relaxed) }

    let registrar = value.announcer.willChange(value, keyPath: \.first)
    value.first += 1
    value.announcer.didChange(value, keyPath: \.first, registrar)

    #expect(value.announcer.changeCount == 1)
    #expect(observed.load(ordering: .relaxed) == 1)
  }
}

/// A value whose reads and writes go through its announcer.
private final class Announced: Observable, @unchecked Sendable {
  let announcer: ChangeAnnouncer
  var first = 0
  var second = 0

  init(sharedValue: Bool) {
    announcer = ChangeAnnouncer(tellsSharedChangeListeners: sharedValue)
  }

  func read() {
    announcer.access(self, keyPath: \.first)
  }

  func change(_ member: KeyPath<Announced, Int>) {
    announcer.announce(self, keyPath: member)
  }
}
