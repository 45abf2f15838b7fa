import IdentifiedCollections

/// The part of the list a screen shows: up to `size` todos of those the filter shows, from the
/// page that holds the offset scrolled to, with the counts the header shows.
///
/// NB: Under the `all` filter the page is a slice of the list: its rows cost what the page holds,
///     not what the list holds. Another filter, and the counts, read the list once.
struct TodosPage {
  /// Every todo, shown or not.
  let count: Int
  /// The completed todos, shown or not.
  let completed: Int
  /// The todos the filter shows.
  let shown: Int
  /// The offset, among the todos shown, of the page's first row.
  let start: Int
  /// The page's rows, in order.
  let rows: [Todo.State]

  init(_ todos: IdentifiedArrayOf<Todo.State>, filter: Filter, offset: Int, size: Int) {
    let size = max(1, size)
    count = todos.count
    completed = Self.completedCount(of: todos)
    switch filter {
    case .all: shown = count
    case .active: shown = count - completed
    case .completed: shown = completed
    }
    start = Self.pageStart(of: offset, size: size, shown: shown)
    let end = min(start + size, shown)
    if filter == .all {
      rows = Array(todos.elements[start..<end])
    } else {
      var rows: [Todo.State] = []
      var seen = 0
      for todo in todos.elements where filter.shows(todo) {
        if seen >= end { break }
        if seen >= start { rows.append(todo) }
        seen += 1
      }
      self.rows = rows
    }
  }

  /// How many of `todos` are completed: one pass over the list's storage that copies no todo
  /// and records no read.
  static func completedCount(of todos: IdentifiedArrayOf<Todo.State>) -> Int {
    todos.elements.withUnsafeBufferPointer { todos in
      var count = 0
      for index in todos.indices where todos[index].isCompleteUnobserved {
        count += 1
      }
      return count
    }
  }

  /// The first offset of the page of `size` rows that holds `offset`; the last page's when
  /// `offset` is past the end.
  static func pageStart(of offset: Int, size: Int, shown: Int) -> Int {
    guard shown > 0 else { return 0 }
    let offset = min(max(0, offset), shown - 1)
    return offset / size * size
  }

  /// Whether there are rows after this page.
  var hasNext: Bool { start + rows.count < shown }

  /// Whether there are rows before this page.
  var hasPrevious: Bool { start > 0 }

  /// `21-40 of 100`: the positions on the page, of the todos shown.
  var range: String {
    "\(start + 1)-\(start + rows.count) of \(shown)"
  }
}
