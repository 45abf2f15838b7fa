extension Reducer {
  /// Marks each action this reducer receives, and the effects it starts, for a profiler: in TCA,
  /// as signposts Instruments shows.
  ///
  /// Linux has no `os_signpost` and no Instruments, so here the reducer runs exactly as it
  /// would without this: same state, same effects, nothing written. It exists so that a feature
  /// brought over from TCA with `.signpost()` or `.signpost("Feature")` compiles unchanged.
  ///
  /// - Parameters:
  ///   - prefix: A label put before each action's name.
  ///   - log: Where the signposts would go. TCA's is an `OSLog`, which Linux lacks; a
  ///     ``SignpostLog`` is made the same way, `.init(subsystem:category:)`.
  @inlinable
  @warn_unqualified_access
  public func signpost(
    _ prefix: String = "",
    log: SignpostLog = SignpostLog(
      subsystem: "co.pointfree.ComposableArchitecture",
      category: "Reducer Instrumentation"
    )
  ) -> _SignpostReducer<Self> {
    _SignpostReducer(base: self, prefix: prefix, log: log)
  }
}

/// Where ``Reducer/signpost(_:log:)`` would write its signposts: the subsystem and category an
/// `OSLog` is made with. Off Apple platforms nothing is written.
public struct SignpostLog: Hashable, Sendable {
  /// The subsystem the signposts would be filed under, as a reverse-DNS name.
  public let subsystem: String

  /// The category within the subsystem.
  public let category: String

  /// A log filed under `subsystem` and `category`.
  public init(subsystem: String, category: String) {
    self.subsystem = subsystem
    self.category = category
  }

  /// A log that writes nothing, as `OSLog.disabled`.
  public static let disabled = SignpostLog(subsystem: "", category: "")
}

/// The reducer ``Reducer/signpost(_:log:)`` returns: its base, unchanged.
public struct _SignpostReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let prefix: String
  @usableFromInline let log: SignpostLog

  @usableFromInline
  init(base: Base, prefix: String, log: SignpostLog) {
    self.base = base
    self.prefix = prefix
    self.log = log
  }

  /// Runs the base reducer for one action, as it would run without signposts.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    base.reduce(into: &state, action: action)
  }

  /// The base reducer, prepared: signposts add nothing to it.
  @inlinable
  public func _prepare() -> _PreparedReducer<Base.State, Base.Action> {
    base._prepare()
  }
}
