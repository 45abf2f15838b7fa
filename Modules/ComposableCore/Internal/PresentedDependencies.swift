import Dependencies

/// The dependencies a presented destination runs under — those in force, with `dismiss` set to
/// dismiss it — made once for the dependencies in force and kept while those stay the same.
///
/// A presentation reducer runs its destination with `dismiss` in its dependencies at every one of
/// the destination's actions, as `withDependencies { $0.dismiss = … }` would. Made anew each
/// time, that copies the dependencies' storage to write one value; under a presentation that
/// already set it (a destination presenting another), it writes the value that is there. Here
/// the dependencies in force are compared by identity with those last seen (the same storage,
/// which nothing changes while this holds it): the same, and the values made for them are
/// pushed again, or nothing is pushed when they already dismiss a presentation.
///
/// NB: Kept by a prepared reducer alone, which its store runs one action at a time; a reducer
///     run as it is makes the values at each action.
@usableFromInline
final class PresentedDependencies {
  /// The dependencies in force when the values were last made.
  @exclusivity(unchecked) @usableFromInline var seen: DependencyValues?
  /// What the destination runs under for `seen`; `nil` when `seen` already dismisses a
  /// presentation, and nothing is pushed.
  @exclusivity(unchecked) @usableFromInline var values: DependencyValues?
  /// The dependencies in force, compared with `seen` where they lie.
  @usableFromInline let inForce = DependenciesInForce()

  @usableFromInline
  init() {}

  /// Runs `operation` with the dependencies in force, `dismiss` set to dismiss a presentation:
  /// through `kept` when there is one, made anew otherwise.
  @inlinable
  static func run<Result>(keptIn kept: PresentedDependencies?, _ operation: () -> Result) -> Result {
    guard let kept else {
      return withDependencies { $0.dismiss = .presented } operation: { operation() }
    }
    return kept.run(operation)
  }

  /// Runs `operation` with the dependencies in force, `dismiss` set to dismiss a presentation.
  @inlinable
  func run<Result>(_ operation: () -> Result) -> Result {
    // NB: Compared where both lie: `seen` read out, as `if let` would, is retained and released.
    let isSeen = seen != nil && withUnsafeMutablePointer(to: &seen) { inForce.holds(at: $0) }
    if isSeen {
      guard let values else { return operation() }
      return inForce.withValue(values, operation: operation)
    }
    return runMakingValues(for: inForce.get(), operation)
  }

  /// Makes the values for `current`, keeps them, and runs `operation` under them.
  @usableFromInline
  func runMakingValues<Result>(for current: DependencyValues, _ operation: () -> Result) -> Result {
    seen = current
    if current.dismiss.isPresentation {
      values = nil
      return operation()
    }
    var values = current
    values.dismiss = .presented
    self.values = values
    return inForce.withValue(values, operation: operation)
  }
}
