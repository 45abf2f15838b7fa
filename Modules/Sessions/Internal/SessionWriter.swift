import Foundation
import Locking
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a session's events to its file on a thread of its own, each as soon as the thread
/// takes it: the run pays for a queued item, not for the dump of an action or a system call.
///
/// Nothing is kept in a buffer of ours once written: `write(2)` hands each batch to the kernel,
/// so a run killed at any point leaves every event written so far, and at most the line being
/// written torn.
final class SessionWriter: @unchecked Sendable {
  /// An event, or an action still to be dumped (dumping is the costly part, done here, with
  /// the dumps this thread made before: see `ActionDumps`).
  enum Item {
    case event(SessionEvent)
    case action(dump: (inout ActionDumps) -> String, from: SessionEvent.ActionOrigin)
    /// No event: signalled once everything queued before it is written (see ``flush()``).
    case written(DispatchSemaphore)
  }

  // NB: `NSCondition` (a pthread mutex and condition) guards the fields below it, and lets the
  //     thread sleep while there is nothing to write.
  private let condition = NSCondition()
  private var items: [Item] = []
  private var isWaiting = false
  private var isClosing = false
  private var failure: String?
  private let finished = DispatchSemaphore(value: 0)
  private let descriptor: Int32
  /// How many items are queued: the thread reads it without the lock while it looks for more.
  private let queued = Atomic<Int>(0)
  /// How long the thread looks for the next item before it sleeps until woken.
  static let lookout = Duration.microseconds(200)

  /// Starts writing to `descriptor`, which the writer closes when closed.
  init(descriptor: Int32) {
    self.descriptor = descriptor
    let thread = Thread { [self] in loop() }
    thread.name = "session-writer"
    thread.start()
  }

  /// Queues `item`, waking the thread if it sleeps; once closing, drops it and returns `false`.
  @discardableResult
  func append(_ item: Item) -> Bool {
    condition.lock()
    guard !isClosing else {
      condition.unlock()
      return false
    }
    items.append(item)
    queued.store(items.count, ordering: .relaxed)
    let wakes = isWaiting
    isWaiting = false
    condition.unlock()
    // NB: Signalled once the lock is free, so the thread does not wake only to wait for it.
    if wakes { condition.signal() }
    return true
  }

  /// Waits until everything queued so far is written; once closing, returns at once.
  func flush() {
    let written = DispatchSemaphore(value: 0)
    guard append(.written(written)) else { return }
    written.wait()
  }

  /// Queues `last` after everything queued so far, writes it all, stops the thread and closes
  /// the file; returns why a write failed, if one did.
  ///
  /// NB: `last` is queued under the same lock that refuses later items, so nothing another
  ///     thread records meanwhile (a dependency's late answer, a file's change) follows it.
  func close(after last: Item) -> String? {
    condition.lock()
    guard !isClosing else {
      condition.unlock()
      return nil
    }
    items.append(last)
    queued.store(items.count, ordering: .relaxed)
    isClosing = true
    condition.signal()
    condition.unlock()
    finished.wait()
    _ = Glibc.close(descriptor)
    condition.lock()
    defer { condition.unlock() }
    return failure
  }

  private func loop() {
    var batch: [Item] = []
    var dumps = ActionDumps()
    while true {
      lookForItems()
      condition.lock()
      while items.isEmpty && !isClosing {
        isWaiting = true
        condition.wait()
        isWaiting = false
      }
      swap(&batch, &items)
      queued.store(0, ordering: .relaxed)
      let isDone = isClosing && batch.isEmpty
      condition.unlock()
      if isDone { break }
      var text = ""
      var flushes: [DispatchSemaphore] = []
      for item in batch {
        switch item {
        case .event(let event): text += event.jsonLine
        case .action(let dump, let origin): text += SessionEvent.action(dump(&dumps), from: origin).jsonLine
        case .written(let flush):
          flushes.append(flush)
          continue
        }
        text += "\n"
      }
      batch.removeAll(keepingCapacity: true)
      if let error = write(text) {
        condition.lock()
        if failure == nil { failure = error }
        condition.unlock()
      }
      for flush in flushes { flush.signal() }
    }
    finished.signal()
  }

  /// Looks for an item for up to ``lookout``, yielding the processor meanwhile, before the
  /// thread sleeps until woken.
  ///
  /// NB: A run's events come in bursts — a line, its actions, its output, microseconds apart —
  ///     and waking a sleeping thread costs the run a system call and each side a context
  ///     switch, more than writing the event: recording 10,000 piped lines woke the thread for
  ///     almost every event. Looking first, the thread is usually awake when the next event
  ///     comes, and takes it as soon as it sees it, as before. (Napping between looks instead
  ///     of yielding measured slower: 1.33 times the unrecorded run rather than 1.14.)
  private func lookForItems() {
    guard queued.load(ordering: .relaxed) == 0 else { return }
    let deadline = ContinuousClock.now.advanced(by: Self.lookout)
    while queued.load(ordering: .relaxed) == 0, ContinuousClock.now < deadline {
      sched_yield()
    }
  }

  /// Writes all of `text`; the system's reason when it cannot.
  private func write(_ text: String) -> String? {
    writeAll(text, to: descriptor).map { String(cString: strerror($0)) }
  }

}
