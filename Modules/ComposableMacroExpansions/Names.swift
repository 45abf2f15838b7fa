/// The names expansions spell out: the module that declares the macros and what they refer to.
enum Names {
  static let module = "ComposableCore"
  static let registrar = "_$observationRegistrar"
  static let tracked = "ObservationStateTracked"
  static let ignored = "ObservationStateIgnored"
  static let presents = "Presents"
  static let presentationState = "PresentationState"
  /// Property wrappers that observe themselves: `@ObservableState` leaves them alone.
  static let observedWrappers = ["Shared", "SharedReader", "Presents"]

  /// `name` and its module-qualified spelling.
  static func spellings(_ name: String, module: String = Names.module) -> [String] {
    [name, "\(module).\(name)"]
  }
}
