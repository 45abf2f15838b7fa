/// An action as a failure message lists it: its case and the cases nested in it, without the
/// values they carry unless those are cases too — `.todos(.element(id:, action: .toggle))` — or,
/// unless `abbreviated`, with the type's name first, as the Composable Architecture lists them.
package func debugCaseOutput(_ value: Any, abbreviated: Bool = false) -> String {
  if let value = value as? any CustomDebugStringConvertible {
    return value.debugDescription
  }
  let typeName = abbreviated ? "" : qualifiedName(of: type(of: value))
  return typeName + caseOutput(of: value)
}

/// A type's name with the types it is nested in, without its module or the anonymous contexts
/// of local types: `EffectRunTests.Action`.
private func qualifiedName(of type: Any.Type) -> String {
  let components = _typeName(type, qualified: true)
    .split(separator: ".")
    .filter { !$0.hasPrefix("(") }
  guard components.count > 1, !components.contains(where: { $0.contains("<") }) else {
    return String(describing: type)
  }
  return components.dropFirst().joined(separator: ".")
}

private func caseOutput(of value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .enum:
    guard let payload = mirror.children.first else {
      let name = "\(value)"
      return name == String(describing: type(of: value)) ? "" : ".\(name)"
    }
    let inner = caseOutput(of: payload.value)
    return ".\(payload.label ?? "")" + (inner.isEmpty ? "" : "(\(inner))")
  case .tuple:
    return mirror.children.map { label, element in
      let inner = caseOutput(of: element)
      let name = label.map { isPositional($0) ? "_:" : "\($0):" } ?? ""
      return name + (inner.isEmpty ? "" : " \(inner)")
    }
    .joined(separator: ", ")
  default:
    return ""
  }
}

/// Whether a tuple label is positional (`.0`, `.1`) rather than a name.
private func isPositional(_ label: String) -> Bool {
  label.allSatisfy { $0 == "." || $0.isNumber }
}
