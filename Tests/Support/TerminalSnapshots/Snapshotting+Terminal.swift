import InlineSnapshotTesting
import TerminalUI

extension Snapshotting where Format == String {
  /// A terminal view's screen in `state`, colour off, as a session draws it: the pushed screen
  /// under its breadcrumb, else the view's lines; then the question, if one is asked.
  ///
  /// ```swift
  /// assertInlineSnapshot(of: CounterView(), as: .terminal(Counter.State(count: 3))) {
  ///   """
  ///   count: 3
  ///   """
  /// }
  /// ```
  ///
  /// An empty screen is one empty line. Run with `SNAPSHOT_TESTING_RECORD=failed` (or
  /// `withSnapshotTesting(record: .failed)`) to write the screens that changed into the test
  /// file.
  public static func terminal<View: TerminalView>(_ state: View.State) -> Snapshotting<View, String> {
    SimplySnapshotting<String>.lines.pullback { view in
      view.frame(for: state, style: .plain, cache: TerminalFrameCache()).displayLines(style: .plain)
        .joined(separator: "\n")
    }
  }
}
