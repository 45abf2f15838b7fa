import InlineSnapshotTesting
import TerminalUI

extension Snapshotting where Format == String {
  /// What a terminal view shows for `state`, colour off, as the program draws it: the pushed
  /// screen under its breadcrumb, else the view's lines; then the question, if one is asked.
  ///
  /// ```swift
  /// assertInlineSnapshot(of: CounterView(), as: .terminal(Counter.State(count: 3))) {
  ///   """
  ///   count: 3
  ///   """
  /// }
  /// ```
  ///
  /// An empty display is one empty line. Run with `SNAPSHOT_TESTING_RECORD=failed` (or
  /// `withSnapshotTesting(record: .failed)`) to write the snapshots that changed into the test
  /// file.
  public static func terminal<View: TerminalView>(_ state: View.State) -> Snapshotting<View, String> {
    SimplySnapshotting<String>.lines.pullback { view in
      view.frame(for: state, style: .plain, cache: TerminalFrameCache()).displayLines(style: .plain)
        .joined(separator: "\n")
    }
  }
}
