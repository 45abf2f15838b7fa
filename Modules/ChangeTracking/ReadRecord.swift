import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The announcers (``ChangeAnnouncer``) of what was read on this thread while ``recording(_:)``
/// runs, each with the count it had when it was read: what was made from them is current while none of them has
/// announced a change since (``hasChanged``).
///
/// A terminal program keeps each feature's frame so, as SwiftUI keeps a view's body until
/// observation says something it read changed; asking costs a load per object read, and no
/// observer is installed or told. A change made on another thread while the frame is being made
/// is seen too: the count is taken before the value is read.
@usableFromInline
package final class ReadRecord: @unchecked Sendable {
  /// What was read: an object's announcer, the member read (`nil` for the whole object) and the
  /// announcer's count when it was read.
  private struct Read {
    let object: ChangeAnnouncer
    let member: AnyKeyPath?
    var count: UInt
  }

  // NB: Appended to only on the thread that runs `recording`, synchronously; a count is moved
  //     on only by `hasChanged`, on the thread that asks (the one that recorded).
  private var reads: [Read] = []

  /// The reads a record has room for before it grows.
  private static var initialCapacity: Int { 8 }

  /// How many recordings run anywhere in the process: while none does, a read skips the
  /// thread-local lookup.
  @usableFromInline package static let activeCount = Atomic<Int>(0)

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Runs `body`, recording every announcer of what is read on this thread meanwhile (the
  /// members of `@ObservableState` state, a store's state, shared values); the record says, when
  /// asked (``hasChanged``), whether any of them has changed since. What a recording inside
  /// `body` reads, this one reads too.
  ///
  /// A terminal program keeps each feature's frame until its reads have changed, the way SwiftUI
  /// keeps a view's body until observation says something it read changed. A change made on
  /// another thread while `body` runs (a file watcher taking another process's write) is seen,
  /// the count being taken before the read.
  package static func recording<R>(_ body: () throws -> R) rethrows -> (R, ReadRecord) {
    let record = ReadRecord()
    // NB: Room for the few reads a frame makes, allocated once: grown from empty, the record
    //     was reallocated at its first, second, third and fifth read.
    record.reads.reserveCapacity(initialCapacity)
    let outer = current
    setCurrent(record)
    activeCount.add(1, ordering: .relaxed)
    defer {
      activeCount.subtract(1, ordering: .relaxed)
      setCurrent(outer)
      record.dropRepeatedReads()
      outer?.reads.append(contentsOf: record.reads)
    }
    return (try body(), record)
  }

  /// Keeps the first read of each object: its count is the oldest, the one a change since any
  /// of the reads differs from.
  private func dropRepeatedReads() {
    guard reads.count > 2 else { return }
    // NB: A frame reads a few objects: comparing each read with those kept costs less than
    //     hashing them. A long record is hashed, so that it costs time linear in its length.
    guard reads.count > 32 else {
      // NB: Compacted in place, each read compared with those kept before it.
      let kept = reads.withUnsafeMutableBufferPointer { reads in
        var kept = 0
        for index in reads.indices {
          let isRepeated = reads[..<kept].contains {
            $0.object === reads[index].object && $0.member === reads[index].member
          }
          guard !isRepeated else { continue }
          if kept != index { reads.swapAt(kept, index) }
          kept += 1
        }
        return kept
      }
      reads.removeLast(reads.count - kept)
      return
    }
    var seen: Set<ReadKey> = []
    seen.reserveCapacity(reads.count)
    reads.removeAll { !seen.insert(ReadKey(object: ObjectIdentifier($0.object), member: $0.member.map(ObjectIdentifier.init))).inserted }
  }

  /// What makes two reads the same, hashed without an allocation.
  private struct ReadKey: Hashable {
    let object: ObjectIdentifier
    let member: ObjectIdentifier?
  }

  /// Records that `object` is about to be read. Call it before reading, so a change that lands
  /// after the count is taken is one ``hasChanged`` sees.
  @inlinable
  package static func noteRead(of object: ChangeAnnouncer) {
    guard activeCount.load(ordering: .relaxed) > 0 else { return }
    record(object)
  }

  /// Records that the member at `keyPath` of `object` is about to be read: a change to another
  /// member does not count as a change to what was read.
  @inlinable
  package static func noteRead(of object: ChangeAnnouncer, at keyPath: AnyKeyPath) {
    guard activeCount.load(ordering: .relaxed) > 0 else { return }
    record(object, member: keyPath)
  }

  @usableFromInline
  static func record(_ object: ChangeAnnouncer, member: AnyKeyPath? = nil) {
    guard let current else { return }
    // NB: A value read several times in a row is kept once.
    if let last = current.reads.last, last.object === object, last.member === member { return }
    current.reads.append(Read(object: object, member: member, count: object.changeCount))
  }

  /// Whether anything recorded has announced a change since it was read.
  ///
  /// NB: A member whose object announced changes to other members only is moved on to the
  ///     object's count, so the next question costs a load again.
  package var hasChanged: Bool {
    // NB: Through the buffer, so that no read is copied (two retains and releases each).
    reads.withUnsafeMutableBufferPointer { reads in
      for index in reads.indices {
        let count = reads[index].object.changeCount
        guard count != reads[index].count else { continue }
        guard let member = reads[index].member, !reads[index].object.hasChanged(member, since: reads[index].count)
        else { return true }
        reads[index].count = count
      }
      return false
    }
  }

  private static var current: ReadRecord? {
    pthread_getspecific(key).map { Unmanaged<ReadRecord>.fromOpaque($0).takeUnretainedValue() }
  }

  private static func setCurrent(_ record: ReadRecord?) {
    pthread_setspecific(key, record.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) })
  }
}
