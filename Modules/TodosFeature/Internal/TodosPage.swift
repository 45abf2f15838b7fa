/// The part of the list the display shows: up to `size` todos of those the filter shows, from the
/// page that holds the offset scrolled to, with the counts the header shows; taken from the
/// window read for that page, so its cost is the page's, not the list's.
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

  /// The page of `size` rows holding `offset`, from `window` (read for that page, or whole).
  init(_ window: TodosWindow.Value, offset: Int, size: Int) {
    let size = max(1, size)
    count = window.counts.total
    completed = window.counts.completed
    shown = window.shown
    start = TodosWindow.pageStart(of: offset, size: size, shown: shown)
    let end = min(start + size, shown)
    rows = (start..<max(start, end)).compactMap { window.row(at: $0) }
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
