import Observation
import Synchronization
import Testing

@testable import ChangeTracking

/// A record of what was read is current until something read announces a change: a load per
/// value read, whatever else changed.
struct ReadRecordTests {
  @Test func aRecordOfUnchangedReadsHasNotChanged() {
    let value = Counted()
    let (_, record) = ReadRecord.recording { value.read() }
    #expect(!record.hasChanged)
    let other = Counted()
    other.change()
    #expect(!record.hasChanged)
  }

  @Test func aChangeToWhatWasReadIsSeen() {
    let value = Counted()
    let (_, record) = ReadRecord.recording { value.read() }
    value.change()
    #expect(record.hasChanged)
  }

  @Test func aChangeBeforeTheReadIsNotAChangeSince() {
    let value = Counted()
    value.change()
    let (_, record) = ReadRecord.recording { value.read() }
    #expect(!record.hasChanged)
  }

  @Test func aChangeToAnotherMemberIsNotAChangeToTheOneRead() {
    let value = Counted()
    let (_, record) = ReadRecord.recording { value.read(\.first) }
    value.change(\.second)
    #expect(!record.hasChanged)
    value.change(\.first)
    #expect(record.hasChanged)
  }

  @Test func anOuterRecordHoldsWhatAnInnerOneRead() {
    let inner = Counted()
    let outer = Counted()
    let (innerRecord, outerRecord) = ReadRecord.recording {
      outer.read()
      return ReadRecord.recording { inner.read() }.1
    }
    inner.change()
    #expect(innerRecord.hasChanged)
    #expect(outerRecord.hasChanged)
  }

  @Test func aReadOutsideARecordingIsNotNoted() {
    let value = Counted()
    value.read()
    let (_, record) = ReadRecord.recording {}
    value.change()
    #expect(!record.hasChanged)
  }

  /// A value read again after it changed, the recording still running, keeps its first read: the
  /// change is one since that read. Short records and long ones (past 32 reads) drop repeated reads
  /// each their own way.
  @Test(arguments: [3, 40])
  func aValueReadAgainAfterAChangeKeepsItsFirstRead(others count: Int) {
    let value = Counted()
    let others = (0..<count).map { _ in Counted() }
    let (_, record) = ReadRecord.recording {
      value.read()
      value.change()
      for other in others { other.read() }
      value.read()
    }
    #expect(record.hasChanged)
    let (_, unchanged) = ReadRecord.recording {
      value.read()
      for other in others { other.read() }
      value.read()
    }
    #expect(!unchanged.hasChanged)
  }

  /// Reads repeated among others are dropped, and every other read is kept: a change to any
  /// value read, first or last, is seen.
  @Test(arguments: 0..<3)
  func repeatedReadsAmongOthersKeepEveryValueRead(changed index: Int) {
    let values = [Counted(), Counted(), Counted()]
    let (_, record) = ReadRecord.recording {
      for position in [0, 1, 0, 2, 1, 0] { values[position].read() }
    }
    #expect(!record.hasChanged)
    values[index].change()
    #expect(record.hasChanged)
  }

  @Test func aListenerHearsEveryAnnouncedChangeUntilRemoved() {
    let announcer = ChangeAnnouncer(tellsSharedChangeListeners: true)
    let heard = Atomic<Int>(0)
    let token = SharedChangeListeners.add { if $0 === announcer { heard.add(1, ordering: .relaxed) } }
    SharedChangeListeners.announce(announcer)
    SharedChangeListeners.announce(announcer)
    SharedChangeListeners.remove(token)
    SharedChangeListeners.announce(announcer)
    #expect(heard.load(ordering: .relaxed) == 2)
  }

  @Test func eachChangeReachesTheListenersThenListening() {
    let announcer = ChangeAnnouncer(tellsSharedChangeListeners: true)
    let first = Atomic<Int>(0)
    let second = Atomic<Int>(0)
    let firstToken = SharedChangeListeners.add { if $0 === announcer { first.add(1, ordering: .relaxed) } }
    SharedChangeListeners.announce(announcer)
    let secondToken = SharedChangeListeners.add { if $0 === announcer { second.add(1, ordering: .relaxed) } }
    SharedChangeListeners.announce(announcer)
    SharedChangeListeners.remove(firstToken)
    SharedChangeListeners.announce(announcer)
    SharedChangeListeners.remove(secondToken)
    SharedChangeListeners.announce(announcer)
    #expect(first.load(ordering: .relaxed) == 2)
    #expect(second.load(ordering: .relaxed) == 2)
  }
}

/// A value whose reads and changes go through its announcer, as observable state's do.
private final class Counted: Observable, @unchecked Sendable {
  let announcer = ChangeAnnouncer()
  var first = 0
  var second = 0

  func read(_ member: KeyPath<Counted, Int>? = nil) {
    if let member {
      announcer.accessMember(self, keyPath: member)
    } else {
      announcer.access(self, keyPath: \.first)
    }
  }

  func change(_ member: KeyPath<Counted, Int> = \.first) {
    announcer.announce(self, keyPath: member)
  }
}
