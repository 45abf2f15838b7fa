/// An action as a failure message lists it: its case and the cases nested in it, without the
/// values they carry unless those are cases too — `.todos(.element(id:, action: .toggle))` — or,
/// unless `abbreviated`, with the type's name first, as the Composable Architecture lists them.
func debugCaseOutput(_ value: Any, abbreviated: Bool = false) -> String {
  if let value = value as? any CustomDebugStringConvertible {
    return value.debugDescription
  }
  let typeName = abbreviated ? "" : String(describing: type(of: value))
  return typeName + caseOutput(of: value)
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
