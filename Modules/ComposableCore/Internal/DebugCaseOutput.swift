/// An action as issues show it: its type, then its case and the cases nested in it, each nested
/// one abbreviated to a leading dot — `Feature.Action.child(.presented(.tap))` — without the
/// values they carry unless those are cases too. `abbreviated` leaves out the type. A value that
/// describes itself for debugging does so instead.
package func debugCaseOutput(_ value: Any, abbreviated: Bool = false) -> String {
  if let value = value as? any CustomDebugStringConvertible {
    return value.debugDescription
  }
  return (abbreviated ? "" : shortTypeName(type(of: value))) + casePath(of: value)
}

/// The cases of `value` below its type: `.child(.dismiss)`, or the labels of a tuple.
private func casePath(of value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .enum:
    guard let payload = mirror.children.first else {
      let name = String(describing: value)
      return name == String(describing: type(of: value)) ? "" : ".\(name)"
    }
    let nested = casePath(of: payload.value)
    return ".\(payload.label ?? "")" + (nested.isEmpty ? "" : "(\(nested))")
  case .tuple:
    return mirror.children
      .map { child in
        let nested = casePath(of: child.value)
        let label = child.label.map { isPositional($0) ? "_:" : "\($0):" } ?? ""
        return label + (nested.isEmpty ? "" : " \(nested)")
      }
      .joined(separator: ", ")
  default:
    return ""
  }
}

/// Whether a tuple label is a position (`.0`) rather than a name.
private func isPositional(_ label: String) -> Bool {
  label.allSatisfy { $0 == "." || $0.isNumber }
}

/// A type's name as a reader writes it: without its module, the anonymous contexts of types
/// declared in functions, or its generic arguments — `Feature.Action`.
func shortTypeName(_ type: Any.Type) -> String {
  var name = _typeName(type, qualified: true)
  while let start = name.firstRange(of: "(unknown context at "),
    let end = name[start.upperBound...].firstRange(of: ").")
  {
    name.removeSubrange(start.lowerBound..<end.upperBound)
  }
  if let open = name.firstIndex(of: "<"), let close = name.lastIndex(of: ">"), open < close {
    name.removeSubrange(open...close)
  }
  if let dot = name.firstIndex(of: "."), !name[..<dot].contains(where: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
    name.removeSubrange(...dot)
  }
  return name
}
