import Locking
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Messages for the line editor's thread, in the order they were posted, with a pipe that
/// wakes the thread from `poll` when one arrives.
final class EditorMailbox: @unchecked Sendable {
  /// What the editor's thread is asked to do.
  enum Message: Equatable {
    /// Write text to a file descriptor, above the prompt if one is shown.
    case write(String, descriptor: Int32)
    /// Show the prompt and read a line.
    case readLine
    /// Ctrl-C, as SIGINT.
    case interrupt
    /// The window changed size.
    case resize
    /// Restore the terminal and end.
    case stop
  }

  /// The messages posted and not taken, and whether the mailbox refuses more.
  private let state = Lock<(messages: [Message], isSealed: Bool)>(([], false))
  private let wakeRead: Int32
  private let wakeWrite: Int32

  init() {
    var descriptors: [Int32] = [-1, -1]
    if pipe(&descriptors) == 0 {
      for descriptor in descriptors {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      }
    }
    (wakeRead, wakeWrite) = (descriptors[0], descriptors[1])
  }

  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  /// The descriptor that becomes readable when a message is posted, for `poll`.
  var wakeDescriptor: Int32 { wakeRead }

  /// Posts a message and wakes the thread; `false`, posting nothing, once the mailbox is sealed.
  @discardableResult
  func post(_ message: Message) -> Bool {
    let isPosted = state.withLock { state in
      guard !state.isSealed else { return false }
      state.messages.append(message)
      return true
    }
    var byte: UInt8 = 1
    if isPosted { _ = write(wakeWrite, &byte, 1) }
    return isPosted
  }

  /// Refuses messages from now on; returns those posted and not taken.
  func seal() -> [Message] {
    state.withLock { state in
      state.isSealed = true
      defer { state.messages.removeAll() }
      return state.messages
    }
  }

  /// The messages posted so far, oldest first, removed; clears the wake-up.
  func take() -> [Message] {
    var drain = [UInt8](repeating: 0, count: 64)
    while drain.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
    return state.withLock { state in
      defer { state.messages.removeAll() }
      return state.messages
    }
  }

  /// Blocks until a message is posted, then returns those posted so far.
  func wait() -> [Message] {
    while true {
      let messages = take()
      if !messages.isEmpty { return messages }
      var descriptor = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, -1)
    }
  }
}
