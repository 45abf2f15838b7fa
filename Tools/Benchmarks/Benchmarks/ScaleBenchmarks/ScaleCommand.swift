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
  /// `mv 1 2`: moves the first todo below the second.
  case mv
  /// `done 950000`: toggles a todo far outside the window the app holds, which it finds in the
  /// database.
  case done950000
  /// `find todo` and `find TODO`, alternately: a find for a word every todo has.
  case findEvery
  /// `find 0` and `find 0 todo`, alternately: a find for a word one todo has ("todo 0").
  case findOne
  /// `find todo` and `done 950000`, alternately: a match far down a find's, which the app finds
  /// among the matches in the database, and toggles.
  case findFar
  /// `rm 1` and `undo`, alternately: the slope is the mean of a deletion and its undo.
  case undo

  /// The script's line number `index`, counting from 0.
  ///
  /// Every line changes something: each `add` has a text of its own (a redraw would otherwise
  /// find the rows under the new one unchanged), `edit` alternates between two texts, and
  /// `mv 1 2` swaps the first two todos back and forth.
  func line(_ index: Int) -> String {
    switch self {
    case .inc: "inc"
    case .add: "add x \(index)"
    case .edit: index.isMultiple(of: 2) ? "edit 1 y" : "edit 1 z"
    case .done: "done 1"
    case .rm: "rm 1"
    case .mv: "mv 1 2"
    case .done950000: "done 950000"
    case .findEvery: index.isMultiple(of: 2) ? "find todo" : "find TODO"
    case .findOne: index.isMultiple(of: 2) ? "find 0" : "find 0 todo"
    case .findFar: index.isMultiple(of: 2) ? "find todo" : "done 950000"
    case .undo: index.isMultiple(of: 2) ? "rm 1" : "undo"
    }
  }

  /// How many todos a script of `lines` lines needs before it starts: `rm` deletes one a line.
  ///
  /// NB: `mv 1 2` needs two todos, but is given three: with a todo below the second, each move
  ///     lands between two others, as in any longer list (the app takes the midpoint of their
  ///     positions, and renumbers the list once the gap is used up), not below the last one.
  func todosNeeded(lines: Int) -> Int {
    switch self {
    case .inc, .add, .findEvery, .findOne: 0
    case .edit, .done, .undo: 1
    case .mv: 3
    case .rm: lines
    case .done950000, .findFar: 950_000
    }
  }

  /// Whether the command changes one todo the page shows (`add`, `edit`, `done`, `rm`, `mv`): the
  /// commands whose floor is the same SQL in a plain loop (``SQLFloor``).
  var touchesOneTodo: Bool {
    switch self {
    case .add, .edit, .done, .rm, .mv: true
    case .inc, .done950000, .findEvery, .findOne, .findFar, .undo: false
    }
  }

  /// Whether a list shorter than ``todosNeeded(lines:)`` is topped up by `add` lines at the
  /// start of both scripts (so they cancel in the slope), as size 0 is for every command that
  /// needs a todo; `done 950000`, alone or among a find's matches, runs only over lists that
  /// long, and is skipped at smaller sizes.
  var topsUpAShortList: Bool {
    self != .done950000 && self != .findFar
  }
}
