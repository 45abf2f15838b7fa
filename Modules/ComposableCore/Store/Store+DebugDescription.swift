extension Store: CustomDebugStringConvertible {
  /// The store's type, spelled as a feature's code spells it: `StoreOf<Feature>` for a store of
  /// `Feature.State` and `Feature.Action`, `StoreOf<Feature?>` for its optional state,
  /// `IdentifiedStoreOf<Row>`, `PresentationStoreOf<Child>`, `StackStoreOf<Path>`, and
  /// `Store<State, Action>` otherwise. Messages that name a store use it.
  public nonisolated var debugDescription: String {
    storeTypeName(state: readableTypeName(State.self), action: readableTypeName(Action.self))
  }
}

/// The alias a feature's code would spell a store of `state` and `action` with, both as
/// `readableTypeName(_:genericsAbbreviated:)` writes them.
func storeTypeName(state: String, action: String) -> String {
  // NB: `Feature.State` with `Feature.Action`, for the same `Feature`.
  func feature(_ state: Substring, _ action: Substring, stateSuffix: String = ".State") -> Substring? {
    guard state.hasSuffix(stateSuffix), action.hasSuffix(".Action") else { return nil }
    let name = state.dropLast(stateSuffix.count)
    return name == action.dropLast(".Action".count) ? name : nil
  }
  // NB: The generic arguments of `Name<…>`, when `type` is spelled that way.
  func arguments(of type: Substring, in name: String) -> Substring? {
    guard type.hasPrefix(name + "<"), type.hasSuffix(">") else { return nil }
    return type.dropFirst(name.count + 1).dropLast()
  }
  let (state, action) = (Substring(state), Substring(action))
  if let name = feature(state, action) {
    return "StoreOf<\(name)>"
  }
  if let name = feature(state, action, stateSuffix: ".State?") {
    return "StoreOf<\(name)?>"
  }
  if let states = arguments(of: state, in: "IdentifiedArray"),
    let actions = arguments(of: action, in: "IdentifiedAction"),
    let comma = states.firstIndex(of: ","),
    states[..<comma] == actions.prefix(while: { $0 != "," }),
    let name = feature(states[comma...].dropFirst(2), actions.drop(while: { $0 != "," }).dropFirst(2))
  {
    return "IdentifiedStoreOf<\(name)>"
  }
  if let states = arguments(of: state, in: "PresentationState"),
    let actions = arguments(of: action, in: "PresentationAction"),
    let name = feature(states, actions)
  {
    return "PresentationStoreOf<\(name)>"
  }
  if let states = arguments(of: state, in: "StackState"),
    let actions = arguments(of: action, in: "StackAction"),
    let name = feature(states, actions.drop(while: { $0 != "," }).dropFirst(2)),
    actions.hasPrefix("\(name).State,")
  {
    return "StackStoreOf<\(name)>"
  }
  return "Store<\(state), \(action)>"
}

/// `type`'s name as its declaration spells it: `Feature.State`, `Int?`, `[String: Int]`,
/// `IdentifiedArray<UUID, Row.State>`, without module names or the anonymous context of a
/// private type; without its generic arguments, `IdentifiedArray`, when `genericsAbbreviated`.
func readableTypeName(_ type: Any.Type, genericsAbbreviated: Bool = false) -> String {
  var name = _typeName(type, qualified: true)
  // NB: A private or local type's name holds its context as `(unknown context at $1a2b3c).`.
  while let start = name.range(of: "(unknown context at $"),
    let end = name[start.upperBound...].range(of: ").")
  {
    name.removeSubrange(start.lowerBound..<end.upperBound)
  }
  // NB: The innermost first: `Swift.Optional<Swift.Array<Swift.Int>>` is `[Int]?`.
  while let (range, sugared) = innermostSugared(in: name) {
    name.replaceSubrange(range, with: sugared)
  }
  name = withoutModules(name)
  if genericsAbbreviated, let open = name.firstIndex(of: "<"), let close = name.lastIndex(of: ">"),
    open < close
  {
    name.removeSubrange(open...close)
  }
  return name
}

/// The last `Swift.Optional<…>`, `Swift.Array<…>` or `Swift.Dictionary<…, …>` in `name` whose
/// arguments are not generic themselves, and its sugared spelling: `…?`, `[…]`, `[…: …]`.
private func innermostSugared(in name: String) -> (Range<String.Index>, String)? {
  var end = name.endIndex
  while let open = name[..<end].lastIndex(of: "<") {
    end = open
    guard let close = name[open...].firstIndex(of: ">"),
      !name[name.index(after: open)..<close].contains("<")
    else { continue }
    let arguments = name[name.index(after: open)..<close]
    // NB: The generic's whole name, so that `Other.Swift.Optional` is not taken for it.
    let generic = name[..<open].reversed().prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
    let range = name.index(open, offsetBy: -generic.count)..<name.index(after: close)
    switch String(generic.reversed()) {
    case "Swift.Optional":
      return (range, "\(arguments)?")
    case "Swift.Array":
      return (range, "[\(arguments)]")
    case "Swift.Dictionary":
      guard let comma = arguments.firstIndex(of: ",") else { continue }
      let value = arguments[arguments.index(after: comma)...].drop(while: { $0 == " " })
      return (range, "[\(arguments[..<comma]): \(value)]")
    default:
      continue
    }
  }
  return nil
}

/// `name` with the first component of each dotted name removed: a qualified type name's module.
private func withoutModules(_ name: String) -> String {
  var result = ""
  var word = ""
  func endWord() {
    if let dot = word.firstIndex(of: "."), dot != word.startIndex, word.index(after: dot) != word.endIndex {
      result += word[word.index(after: dot)...]
    } else {
      result += word
    }
    word = ""
  }
  for character in name {
    if character.isLetter || character.isNumber || character == "_" || character == "." {
      word.append(character)
    } else {
      endWord()
      result.append(character)
    }
  }
  endWord()
  return result
}
