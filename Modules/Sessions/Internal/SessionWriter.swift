import Foundation

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

  /// Starts writing to `descriptor`, which the writer closes when closed.
  init(descriptor: Int32) {
    self.descriptor = descriptor
    let thread = Thread { [self] in loop() }
    thread.name = "session-writer"
    thread.start()
  }

  /// Queues `item`, waking the thread if it sleeps.
  func append(_ item: Item) {
    condition.lock()
    items.append(item)
    if isWaiting { condition.signal() }
    condition.unlock()
  }

  /// Writes everything queued, stops the thread and closes the file; returns why a write
  /// failed, if one did.
  func close() -> String? {
    condition.lock()
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
      condition.lock()
      while items.isEmpty && !isClosing {
        isWaiting = true
        condition.wait()
        isWaiting = false
      }
      swap(&batch, &items)
      let isDone = isClosing && batch.isEmpty
      condition.unlock()
      if isDone { break }
      var text = ""
      for item in batch {
        switch item {
        case .event(let event): text += event.jsonLine
        case .action(let dump, let origin): text += SessionEvent.action(dump(&dumps), from: origin).jsonLine
        }
        text += "\n"
      }
      batch.removeAll(keepingCapacity: true)
      if let error = write(text) {
        condition.lock()
        if failure == nil { failure = error }
        condition.unlock()
      }
    }
    finished.signal()
  }

  /// Writes all of `text`; the system's reason when it cannot.
  private func write(_ text: String) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return String(cString: strerror(errno))
        }
        offset += written
      }
      return nil
    }
  }
}
