import IdentifiedCollections
import TerminalUI

extension Invocation {
  /// The 1-based position at `index` as an offset among the todos `shown` under its filter:
  /// `no todo 7: the list shows 3`.
  func position(at index: Int, named name: String, in shown: ShownTodos) throws(ArgumentError) -> Int {
    let filter = shown.filter
    let word = try word(at: index, named: name)
    guard let position = Int(word) else {
      throw ArgumentError("\(name) must be a whole number, got \(ArgumentError.quote(word))")
    }
    let shown = shown.count
    guard position >= 1, position <= shown else {
      let filterNote = filter == .all ? "" : " (filter: \(filter.rawValue))"
      let list = shown == 0 ? "the list is empty" : "the list shows \(shown)"
      throw ArgumentError("no todo \(position): \(list)\(filterNote)")
    }
    return position - 1
  }

  /// Fails when there are more than `count` arguments: `rm takes one position, got "2" too`.
  func expectNoMore(after count: Int, what: String) throws(ArgumentError) {
    guard arguments.count > count else { return }
    let extra = arguments[count...].joined(separator: " ")
    throw ArgumentError("\(command.name) takes \(what), got \(ArgumentError.quote(extra)) too")
  }
}
