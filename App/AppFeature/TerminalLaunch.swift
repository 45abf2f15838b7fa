import ComposableCore
import Foundation
import TerminalRuntime
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// What `app` and `app preview` do alike: run a ``TerminalSession`` of a view over their store
/// on the process's standard input — the line editor when a person types at a terminal that can
/// edit, piped lines otherwise — colored as the color setting says, and print what they report
/// where the session prints.
@MainActor
struct TerminalLaunch {
  /// The line editor, when a person types at a terminal that can edit.
  private let editor: LineEditor?
  /// Where the session writes, and where the launchers report: above the editor's prompt while
  /// it runs.
  let output: TerminalOutput

  /// Starts the line editor if a person types at a terminal that can edit, keeping the lines
  /// typed in `history` (`nil` keeps none); makes writing to a closed pipe an error rather
  /// than the end of the process.
  init(history: LineHistory?) {
    signal(SIGPIPE, SIG_IGN)
    editor = LineEditor.isAvailable ? LineEditor(prompt: "> ", history: history) : nil
    output = editor?.output ?? .standard
  }

  /// `reducer` with every action and state change printed to standard error when `trace` is on.
  func traced<R: Reducer>(_ reducer: R, _ trace: Bool) -> _PrintChangesReducer<R> {
    reducer._printChanges(trace ? .customDump { [output] in output.error(String($0.dropLast())) } : nil)
  }

  /// Runs `view` over `store` until the end of input, `quit` or Ctrl-C; returns the exit status.
  ///
  /// - Parameters:
  ///   - banner: The line an interactive session starts with.
  ///   - colorMode: The color setting in a state.
  ///   - onExit: Runs before the session returns, e.g. to save.
  func run<View: TerminalView>(
    _ view: View,
    over store: Store<View.State, View.Action>,
    banner: String,
    colorMode: @escaping (View.State) -> ColorMode,
    onExit: @escaping () async -> Void
  ) async -> Int32 {
    let isInteractive = StandardInput.isTerminal && isatty(STDOUT_FILENO) == 1
    let environment = ProcessInfo.processInfo.environment
    let session = TerminalSession(
      store: store,
      view: view,
      configuration: .init(
        isInteractive: isInteractive,
        banner: [banner],
        style: { TextStyle(colorMode: colorMode($0), environment: environment, isTerminal: isInteractive) }
      ),
      output: output,
      onExit: onExit
    )
    guard let editor else { return await session.run(events: StandardInput.events()) }
    return await session.run(editor: editor)
  }
}
