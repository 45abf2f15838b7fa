import CustomDump

/// How ``Reducer/_printChanges(_:)`` prints a change.
public struct _ReducerPrinter<State, Action> {
  private let _printChange: (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void

  /// Creates a printer from a closure given the action and the state before and after it.
  public init(
    printChange: @escaping (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void
  ) {
    self._printChange = printChange
  }

  /// Prints one change.
  public func printChange(receivedAction: Action, oldState: State, newState: State) {
    _printChange(receivedAction, oldState, newState)
  }

  /// The action, dumped, and a custom-dump diff of the state, to standard output.
  public static var customDump: Self {
    customDump { print($0, terminator: "") }
  }

  /// The action, dumped, and a custom-dump diff of the state, handed to `write` as one string.
  public static func customDump(write: @escaping (String) -> Void) -> Self {
    Self { receivedAction, oldState, newState in
      var target = "received action:\n"
      CustomDump.customDump(receivedAction, to: &target, indent: 2)
      target += "\n"
      target += diff(oldState, newState).map { "\($0)\n" } ?? "  (No state changes)\n"
      write(target)
    }
  }

  /// Only the action, one line per action, to standard output.
  public static var actionLabels: Self {
    Self { receivedAction, _, _ in
      var target = "received action: "
      CustomDump.customDump(receivedAction, to: &target, maxDepth: 1)
      print(target)
    }
  }
}
