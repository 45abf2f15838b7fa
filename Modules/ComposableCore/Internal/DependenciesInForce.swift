import Dependencies

/// The dependencies in force — `DependencyValues.$_current` — read, compared and pushed by a
/// store's send and by a presentation at each of its actions.
///
/// NB: Kept by each store and presentation, so that they reach the task local without the
///     one-time initialization check that reading `DependencyValues.$_current` runs at every read.
/// NB: ``holds(_:)`` compares the dependencies in force where the task local keeps them: read
///     through `TaskLocal.get()`, they are copied out (two references retained, then released)
///     only to be compared bit for bit, at every send and every presented level of it.
@usableFromInline
final class DependenciesInForce {
  /// The task local the dependencies are kept in.
  @usableFromInline let taskLocal: TaskLocal<DependencyValues>
  /// The task local's default, in force where it is bound nowhere: read once, the first time
  /// it is found in force, and kept (it never changes).
  @exclusivity(unchecked) @usableFromInline var unbound: DependencyValues?

  /// The dependencies' task local.
  @usableFromInline
  init() {
    taskLocal = DependencyValues.$_current
  }

  /// The dependencies in force.
  @inlinable
  func get() -> DependencyValues {
    taskLocal.get()
  }

  /// Whether the dependencies in force are `dependencies`, bit for bit
  /// (``isIdentical(_:_:)``).
  @inlinable
  func holds(_ dependencies: DependencyValues) -> Bool {
    withUnsafePointer(to: dependencies) { holds(at: UnsafeRawPointer($0)) }
  }

  /// Whether the dependencies in force have the bits of the dependencies at `dependencies`.
  @inlinable
  func holds(at dependencies: UnsafeRawPointer) -> Bool {
    if let bound = taskLocalValue(forKey: Unmanaged.passUnretained(taskLocal).toOpaque()) {
      return isIdentical(at: UnsafeRawPointer(bound), dependencies, as: DependencyValues.self)
    }
    // NB: Bound nowhere above: the task local's default is in force.
    if unbound == nil {
      unbound = taskLocal.get()
    }
    return withUnsafeMutablePointer(to: &unbound) {
      isIdentical(at: UnsafeRawPointer($0), dependencies, as: DependencyValues.self)
    }
  }

  /// Runs `operation` with `dependencies` in force.
  @inlinable
  func withValue<Result>(_ dependencies: DependencyValues, operation: () -> Result) -> Result {
    taskLocal.withValue(dependencies, operation: operation)
  }
}

/// Where the value the innermost binding of the task local whose object is at `key` keeps
/// lies, in the current task or, outside any task, on the current thread; `nil` where it is
/// bound nowhere. What `TaskLocal.get()` reads before it copies the value out.
///
/// NB: The concurrency runtime's entry point, declared as the standard library declares it for
///     `TaskLocal`: the pointer is valid while the binding lasts, and is only read at once.
@usableFromInline
@_silgen_name("swift_task_localValueGet")
func taskLocalValue(forKey key: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
