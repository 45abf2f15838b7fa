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
    let (_, record) = ReadRecord.recording { value.read(\Counted.first) }
    value.change(\Counted.second)
    #expect(!record.hasChanged)
    value.change(\Counted.first)
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

  @Test func aListenerHearsEveryAnnouncedChangeUntilRemoved() {
    let heard = Atomic<Int>(0)
    let token = SharedChangeListeners.add { heard.add(1, ordering: .relaxed) }
    SharedChangeListeners.announce()
    SharedChangeListeners.announce()
    SharedChangeListeners.remove(token)
    SharedChangeListeners.announce()
    #expect(heard.load(ordering: .relaxed) >= 2)
    let after = heard.load(ordering: .relaxed)
    SharedChangeListeners.announce()
    #expect(heard.load(ordering: .relaxed) == after)
  }
}

/// A value that counts its changes, in all and per member.
private final class Counted: ChangeCounting, @unchecked Sendable {
  private let changes = Atomic<UInt>(0)
  private let lock = Mutex<[Member: UInt]>([:])
  var first = 0
  var second = 0

  var changeCount: UInt { changes.load(ordering: .acquiring) }

  func hasChanged(_ keyPath: AnyKeyPath, since count: UInt) -> Bool {
    lock.withLock { ($0[Member(keyPath: keyPath)] ?? 0) > count }
  }

  func read(_ member: AnyKeyPath? = nil) {
    if let member {
      ReadRecord.noteRead(of: self, at: member)
    } else {
      ReadRecord.noteRead(of: self)
    }
  }

  /// A member, by its key path: key paths are immutable, so sent between threads safely.
  private struct Member: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath
  }

  func change(_ member: AnyKeyPath? = nil) {
    lock.withLock { members in
      let count = changes.add(1, ordering: .releasing).newValue
      if let member { members[Member(keyPath: member)] = count }
    }
  }
}
