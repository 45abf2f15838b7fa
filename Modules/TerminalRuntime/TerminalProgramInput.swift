/// Where a program's events come from, whichever way it runs: the one argument of
/// ``TerminalProgram/run(_:)``.
///
/// Each kind is turned into one ``TerminalInput`` the program takes its events from, in turn,
/// on its own actor.
///
/// ```swift
/// await program.run(.editor(editor))            // a person typing into the line editor
/// await program.run(.lines(of: STDIN_FILENO))   // a script piped in
/// await program.run(.queue(input))              // a replay, pushing or pulling each event
/// await program.run(.events(stream))            // a test's stream of events
/// ```
public struct TerminalProgramInput: Sendable {
  /// The kinds of input.
  enum Source: Sendable {
    case editor(LineEditor)
    case lines(Int32)
    case events(AsyncStream<TerminalEvent>)
    case queue(TerminalInput)
  }

  /// What the input is.
  let source: Source

  /// A person typing into the line editor: it shows the prompt and the half-typed line,
  /// completes with Tab from the commands understood now, and prints the program's output
  /// above the prompt. Ctrl-C acts at once, even while a command waits for effects.
  public static func editor(_ editor: LineEditor) -> Self {
    Self(source: .editor(editor))
  }

  /// The lines of `descriptor` (standard input, piped), read on a thread of its own at most a
  /// few hundred lines ahead of those handled, then the end of input; SIGINT acts at once. A
  /// line over 64 KiB, or not UTF-8, is an ``TerminalEvent/unreadable(_:)`` event.
  public static func lines(of descriptor: Int32) -> Self {
    Self(source: .lines(descriptor))
  }

  /// The events of `events`, then the end of input; an ``TerminalEvent/interrupt`` among them
  /// acts at once, even while a command waits for effects.
  public static func events(_ events: AsyncStream<TerminalEvent>) -> Self {
    Self(source: .events(events))
  }

  /// The events pushed into `input`, or pulled from it (a replay, which walks its recording
  /// up to each next event), each handled in its turn, an interrupt included.
  public static func queue(_ input: TerminalInput) -> Self {
    Self(source: .queue(input))
  }
}
