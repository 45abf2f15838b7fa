import ComposableCore
import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// What a terminal app's launcher does, process-wide: run a ``TerminalProgram`` of a view over
/// its store on the process's standard input — the line editor when a person types at a
/// terminal that can edit, piped lines otherwise — styled as a setting in state says, and
/// print what the launcher reports where the program prints. `app` and `app preview` both use
/// it.
@MainActor
public struct TerminalLaunch {
  /// The line editor, when a person types at a terminal that can edit.
  private let editor: LineEditor?
  /// Where the program writes, and where the launchers report: above the editor's prompt while
  /// it runs.
  public let output: TerminalOutput
  /// Who records the run, if anyone.
  private let tap: (any TerminalProgramTap)?

  /// Starts the line editor if a person types at a terminal that can edit, keeping the lines
  /// typed in `history` (`nil` keeps none); makes writing to a closed pipe an error rather
  /// than the end of the process.
  public init(history: LineHistory?) {
    self.init(history: history, tap: nil)
  }

  /// A launch whose run `tap` watches (a recorder), told also what the launcher reports.
  public init(history: LineHistory?, tap: (any TerminalProgramTap)?) {
    signal(SIGPIPE, SIG_IGN)
    editor = LineEditor.isAvailable ? LineEditor(prompt: Self.prompt, history: history) : nil
    // NB: Piped, the output is gathered, and written before the program waits for a line or an
    //     effect: nothing is drawn between lines. Typed, a change or an effect's result is drawn
    //     at the idle prompt, as it comes.
    output = editor?.output ?? (Self.isInteractive ? .standard : .gathered())
    self.tap = tap
  }

  /// Whether a person types at a terminal (standard input and output both one): the program
  /// then prompts and prints effects' results as they come.
  nonisolated public static var isInteractive: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// The prompt a typed program shows for each line: `"> "`.
  nonisolated public static let prompt = "> "

  /// Writes a launcher's own line to standard error, where the program writes: a file kept
  /// aside, a value that could not be saved. A recording keeps it apart from the program's.
  nonisolated public func report(_ message: String) {
    tap?.wrote(message + "\n", to: .notice)
    output.error(message)
  }

  /// `reducer` with every action and state change printed to standard error when `trace` is on.
  public func traced<R: Reducer>(_ reducer: R, _ trace: Bool) -> _PrintChangesReducer<R> {
    reducer._printChanges(trace ? .customDump { [output] in output.error(String($0.dropLast())) } : nil)
  }

  /// Runs `view` over `store` until the end of input, `quit` or Ctrl-C; returns the exit status.
  ///
  /// - Parameters:
  ///   - view: The view that parses commands and renders the store's state.
  ///   - store: The store to drive.
  ///   - banner: The line an interactive program starts with.
  ///   - coloring: The coloring a state asks for (a color setting).
  ///   - onExit: Runs before the program returns, e.g. to save.
  public func run<View: TerminalView>(
    _ view: View,
    over store: Store<View.State, View.Action>,
    banner: String,
    coloring: @escaping (View.State) -> TextStyle.Coloring,
    onExit: @escaping () async -> Void
  ) async -> Int32 {
    let isInteractive = Self.isInteractive
    let environment = ProcessInfo.processInfo.environment
    var terminalRows: (() -> Int)?
    if isInteractive { terminalRows = { TerminalHeight.listRows() } }
    let program = TerminalProgram(
      store: store,
      view: view,
      configuration: .init(
        isInteractive: isInteractive,
        banner: [banner],
        style: {
          TextStyle(coloring: coloring($0), environment: environment, isTerminal: isInteractive)
        },
        terminalRows: terminalRows
      ),
      output: output,
      onExit: onExit
    )
    program.tap = tap
    // NB: Piped, read as the program handles it: a long script costs the memory of a few
    //     hundred lines, not of all it holds.
    return await program.run(editor.map { .editor($0) } ?? .lines(of: STDIN_FILENO))
  }
}
