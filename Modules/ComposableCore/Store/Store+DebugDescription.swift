import Persistence

extension Store: CustomDebugStringConvertible {
  /// The store's type, spelled as a feature's code spells it: `StoreOf<Feature>` for a store of
  /// `Feature.State` and `Feature.Action`, `StoreOf<Feature?>` for its optional state,
  /// `IdentifiedStoreOf<Row>`, `PresentationStoreOf<Child>`, `StackStoreOf<Path>`, and
  /// `Store<State, Action>` otherwise. Messages that name a store use it.
  public nonisolated var debugDescription: String {
    storeTypeName(state: typeName(State.self), action: typeName(Action.self))
  }
}

/// The alias a feature's code would spell a store of `state` and `action` with, both named as a
/// reader writes them (Persistence's `typeName(_:)`: `Feature.State`, `[Int]?`).
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
