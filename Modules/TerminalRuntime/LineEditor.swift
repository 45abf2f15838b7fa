import ComposableCore
import Foundation
import Locking
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The line editor a person types into (libedit, on a thread of its own): emacs editing keys,
/// history browsed with Up/Down and searched with Ctrl-R, Tab completion, and text printed
/// above the prompt while a line is half typed, the line redrawn intact under it.
///
/// A program run on it (``TerminalProgramInput/editor(_:)``) asks for each line with
/// ``readLine()``, prints through ``output`` and stops it at the end.
///
/// ```swift
/// if LineEditor.isAvailable {
///   let editor = LineEditor(prompt: TerminalLaunch.prompt, history: LineHistory(file: directory.appendingPathComponent("history")))
///   return await program.run(.editor(editor))
/// }
/// ```
public final class LineEditor: Sendable {
  /// Whether a person types (``TerminalLaunch/isInteractive``) at a terminal that can edit:
  /// `TERM` is set and is not `dumb` (as in an editor's shell buffer).
  public static var isAvailable: Bool {
    TerminalLaunch.isInteractive
      && ProcessInfo.processInfo.environment["TERM"].map { $0 != "dumb" && !$0.isEmpty } ?? false
  }

  /// The lines typed, the end of input (Ctrl-D) and Ctrl-C, each line after ``readLine()``; and
  /// the terminal's new height after each resize.
  public let events: AsyncStream<TerminalEvent>
  private let mailbox = EditorMailbox()
  private let completion = Completer()
  private let finished = DispatchSemaphore(value: 0)
  private let signals: [SignalSource]

  /// Starts an editor showing `prompt`; lines typed are kept in `history` (`nil` keeps them
  /// for this run only).
  public init(prompt: String, history: LineHistory?) {
    let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    self.events = events
    signals = [
      SignalSource(SIGINT) { [mailbox] in mailbox.post(.interrupt) },
      // NB: One source per signal: a second one for the same signal took its deliveries.
      SignalSource(SIGWINCH) { [mailbox] in
        // NB: The editor takes the new size in first; the program is told after, and draws a
        //     page of the new height.
        mailbox.post(.resize)
        continuation.yield(.resized(rows: TerminalHeight.listRows()))
      },
    ]
    let thread = Thread { [mailbox, completion, finished] in
      EditorLoop(mailbox: mailbox, history: history, complete: { typed in
        Self.onMainActor(typed, completion.handler.withLock { $0 })
      }).run(prompt: prompt, yield: { continuation.yield($0) })
      // NB: Text posted while the editor stopped is written now; later text is written directly.
      for case .write(let text, let descriptor) in mailbox.seal() {
        writeAll(text, to: descriptor)
      }
      continuation.finish()
      finished.signal()
    }
    thread.name = "line-editor"
    thread.start()
  }

  /// Where to print while the editor runs — above the prompt when one is shown — and, once it
  /// has stopped, straight to standard output and error.
  public var output: TerminalOutput {
    TerminalOutput(
      output: { [mailbox] in
        if !mailbox.post(.write($0, descriptor: STDOUT_FILENO)) { writeAll($0, to: STDOUT_FILENO) }
      },
      error: { [mailbox] in
        if !mailbox.post(.write($0, descriptor: STDERR_FILENO)) { writeAll($0, to: STDERR_FILENO) }
      }
    )
  }

  /// Sets what Tab completes: called on the main actor with the line up to the cursor.
  public func complete(with completion: @escaping @MainActor @Sendable (String) -> CommandCompletion) {
    self.completion.handler.withLock { $0 = completion }
  }

  /// Shows the prompt and reads lines from then on, after the text already printed; asking
  /// again while it reads changes nothing.
  public func readLine() {
    mailbox.post(.readLine)
  }

  /// Restores the terminal and ends the editor, after the text already printed.
  public func stop() async {
    for signal in signals { signal.cancel() }
    mailbox.post(.stop)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async { [finished] in
        finished.wait()
        finished.signal()
        continuation.resume()
      }
    }
  }

  /// Runs `complete` on the main actor and waits for it: the editor's thread, not a
  /// cooperative one, is the one blocked.
  private static func onMainActor(
    _ typed: String, _ complete: @escaping @MainActor @Sendable (String) -> CommandCompletion
  ) -> CommandCompletion {
    let result = Completer.Result()
    let done = DispatchSemaphore(value: 0)
    Task { @MainActor in
      let completion = complete(typed)
      result.value.withLock { $0 = completion }
      done.signal()
    }
    done.wait()
    return result.value.withLock { $0 } ?? CommandCompletion(typed: typed, commands: [])
  }
}

/// What completes a line on the editor's thread, set from the main actor.
private final class Completer: Sendable {
  /// The completion function in force.
  let handler = Lock<@MainActor @Sendable (String) -> CommandCompletion>({ _ in
    CommandCompletion(typed: "", commands: [])
  })

  /// One completion, handed from the main actor back to the editor's thread.
  final class Result: Sendable {
    let value = Lock<CommandCompletion?>(nil)
  }
}
