import TerminalUI

extension Invocation {
  /// The 1-based position at `index` as an offset among the todos `shown` under its filter:
  /// `no todo 7: the list shows 3`.
  func position(at index: Int, named name: String, in shown: ShownTodos) throws(ArgumentError) -> Int {
    try offset(word(at: index, named: name), named: name, shown: shown.count, filter: shown.filter)
  }

  /// The id of the todo at the 1-based position at `index` among those `shown`; fails as
  /// ``position(at:named:in:)`` does, also when the list changed under the window read.
  func todoID(at index: Int, named name: String, in shown: ShownTodos) throws(ArgumentError) -> Todo.State.ID {
    let offset = try position(at: index, named: name, in: shown)
    guard let id = shown.id(at: offset) else {
      throw ArgumentError("no todo \(offset + 1): the list has changed meanwhile; type todos to see it")
    }
    return id
  }

  private func offset(_ word: String, named name: String, shown: Int, filter: Filter) throws(ArgumentError) -> Int {
    guard let position = Int(word) else {
      throw ArgumentError("\(name) must be a whole number, got \(ArgumentError.quote(word))")
    }
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
