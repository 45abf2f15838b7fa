import Foundation
import Persistence
import TerminalRuntime

// MARK: - The walk: the recording followed from one input event to the next, as the program asks

extension SessionReplay {
  /// Where the replay's walk through the recording is, between the program's asks.
  @MainActor
  final class Walk {
    let feed: ReplayFeed
    let storage: FileStorage
    let dataDirectory: URL
    /// What else another process's change to a file does (see ``SessionReplay/run(_:over:storage:dataDirectory:style:externalChange:)``).
    let externalChange: @MainActor (URL, Data?) throws -> Void
    /// The line handed to the program last, and its event's number, until the walk goes on.
    var lineFed: (number: Int, text: String)?
    /// Why the session cannot be replayed, once found.
    var problem: SessionFileError?
    /// Whether the program has returned: input events are passed over.
    var programEnded = false
    var isOver = false

    init(feed: ReplayFeed, storage: FileStorage, dataDirectory: URL, externalChange: @escaping @MainActor (URL, Data?) throws -> Void) {
      self.feed = feed
      self.storage = storage
      self.dataDirectory = dataDirectory
      self.externalChange = externalChange
    }
  }

  /// How long the walk waits at most for a call or an action that an effect task still running
  /// may yet ask for or send: a guard against a replay that would hang, never an order.
  static var hangGuard: Duration { .seconds(60) }

  /// Walks the recording from where `walk` is to its next input event, which it returns for
  /// the program to handle: meanwhile it waits for each recorded action, gives each recorded
  /// answer when it is asked for, and changes files as other processes did. At the end (or the
  /// first divergence) it returns an interrupt, which stops the program, then `nil`.
  @MainActor
  func nextInput(_ walk: Walk) async -> TerminalEvent? {
    guard !walk.isOver else { return nil }
    if let line = walk.lineFed {
      walk.lineFed = nil
      if walk.feed.lineNamedNoCommand, !recordedErrorFollows(line.number) {
        walk.problem = SessionFileError(session.name, .unknownCommand(line: line.text, event: line.number))
      }
    }
    // NB: Once every effect has finished no action will come; nor will an answer, unless a
    //     file's writer is in its write interval: its loop, a task of its own, may not have
    //     asked for its `write-delay` sleep yet.
    let (feed, storage) = (walk.feed, walk.storage)
    let effectsFinished: @Sendable () async -> Bool = {
      await feed.effectsFinished()
      return true
    }
    let nothingAsks: @Sendable () async -> Bool = {
      await feed.effectsFinished()
      return !storage.isWritingInIntervals
    }
    // NB: An effect task that runs and does not wait for a recorded answer has not asked for
    //     anything yet: the cooperative pool of a busy process may keep it from starting for
    //     longer than the patience. What it asks for may be the event due, so the wait goes on
    //     — unless every running task waits for an answer, when nothing else can come. Time
    //     bounds it only against a replay that would hang.
    let (effects, cursor, hangGuard) = (self.effects, self.cursor, max(patience, Self.hangGuard))
    func mayStillCome(since start: ContinuousClock.Instant) -> @MainActor @Sendable () -> Bool {
      {
        effects.count > cursor.pendingCallCount(excluding: SessionRecorder.writeDelay)
          && ContinuousClock.now - start < hangGuard
      }
    }
    while walk.problem == nil, cursor.divergence == nil, let (position, number, event) = cursor.due {
      switch event {
      case .line(let line):
        cursor.advance(feeding: line)
        guard !walk.programEnded else { continue }
        walk.lineFed = (number, line)
        return .line(line)
      case .unreadable(let reason):
        cursor.advance()
        guard !walk.programEnded else { continue }
        return .unreadable(reason)
      case .interrupt(let typed):
        cursor.advance()
        guard !walk.programEnded else { continue }
        return typed.map { .interruptedLine($0) } ?? .interrupt
      case .resize(let rows):
        cursor.advance()
        guard !walk.programEnded else { continue }
        return .resized(rows: rows)
      case .endOfInput:
        // NB: The recorded run let its effects finish after the end of its input; the walk
        //     goes on through what they did, and stops the program at its end.
        cursor.advance()
      case .action:
        // NB: The position seen with the event: an effect may have taken it since.
        let isStillToCome = mayStillCome(since: .now)
        while !(await cursor.waitUntilPast(position, within: patience, orAfter: effectsFinished)) {
          // NB: the action may have come between the wait's end and now.
          if cursor.position > position { break }
          guard cursor.divergence == nil, isStillToCome() else {
            cursor.diverge(cursor.divergence(.nothing))
            break
          }
        }
      case .answer(let dependency, _, _), .failure(let dependency, _, _):
        // NB: A file's writer asks for its next `write-delay` once its last write is made, on
        //     the cooperative pool, which the rest of a busy process can keep from it for longer
        //     than the patience. While it still writes in intervals that ask is certain to
        //     come; once it stops, `nothingAsks` ends the wait.
        let isStillToCome = mayStillCome(since: .now)
        let isGiven = await cursor.giveAnswer(at: position, within: patience, orAfter: nothingAsks) {
          (dependency == SessionRecorder.writeDelay && storage.isWritingInIntervals) || isStillToCome()
        }
        if !isGiven, cursor.divergence == nil { cursor.diverge(cursor.divergence(.nothing)) }
      case .externalChange(let path, let contents):
        cursor.advance()
        let file = url(of: path, in: walk.dataDirectory)
        storage.changeAsAnotherProcess(file, contents: contents)
        do {
          try walk.externalChange(file, contents)
        } catch {
          walk.problem = SessionFileError(session.name, .unusableFile(path: path, reason: "\(error)"))
        }
      case .exit, .file, .output:
        cursor.advance()
      }
    }
    walk.isOver = true
    if cursor.divergence == nil, walk.problem == nil, !session.isCutShort {
      cursor.checkOutputIsComplete()
    }
    cursor.cancelPendingCalls()
    return walk.programEnded ? nil : .interrupt
  }

  /// Whether the recording wrote an error right after the line at event `number` (the session
  /// then did not know its command either).
  ///
  /// What a task of its own made meanwhile is passed over: an answer or a failure asked for by
  /// an effect or a file's writer, and another process's change to a file, are recorded when
  /// they happen, and a busy process may handle the line in between.
  private func recordedErrorFollows(_ number: Int) -> Bool {
    let events = session.events
    var index = number
    while index < events.count {
      switch events[index] {
      case .output(_, .error): return true
      case .output(_, .output), .output(_, .notice), .answer, .failure, .externalChange: index += 1
      default: return false
      }
    }
    return false
  }
}
