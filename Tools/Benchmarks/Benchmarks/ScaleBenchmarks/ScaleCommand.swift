/// A command whose cost per line the scale benchmarks measure against the size of the list.
enum ScaleCommand: String, CaseIterable {
  /// `inc`: the counter's; touches no todo.
  case inc
  /// `add <text>`: adds a todo on top.
  case add
  /// `edit 1 <text>`: changes the first todo's text.
  case edit
  /// `done 1`: toggles the first todo.
  case done
  /// `rm 1`: deletes the first todo.
  case rm

  /// The script's line number `index`, counting from 0.
  ///
  /// Every line changes something: each `add` has a text of its own (a redraw would otherwise
  /// find the rows under the new one unchanged), and `edit` alternates between two texts.
  func line(_ index: Int) -> String {
    switch self {
    case .inc: "inc"
    case .add: "add x \(index)"
    case .edit: index.isMultiple(of: 2) ? "edit 1 y" : "edit 1 z"
    case .done: "done 1"
    case .rm: "rm 1"
    }
  }

  /// Whether the command needs a todo at position 1, so an empty list cannot run it.
  var needsATodo: Bool {
    switch self {
    case .inc, .add: false
    case .edit, .done, .rm: true
    }
  }

  /// How many todos a script of `lines` lines needs before it starts: `rm` deletes one a line.
  func todosNeeded(lines: Int) -> Int {
    switch self {
    case .inc, .add: 0
    case .edit, .done: 1
    case .rm: lines
    }
  }
}
