/// A yes-or-no setting as the terminal spells it.
enum Switch: String, CaseIterable {
  case on
  case off

  init(_ isOn: Bool) {
    self = isOn ? .on : .off
  }

  var isOn: Bool { self == .on }
}
