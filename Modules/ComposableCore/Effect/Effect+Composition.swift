import Dependencies

extension Effect {
  /// Runs several effects at the same time. ``none`` effects are dropped.
  @inlinable
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// Runs a sequence of effects at the same time. ``none`` effects are dropped.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    var merged: [Self] = []
    for effect in effects {
      switch effect.operation {
      case .none: continue
      case .merge(let inner): merged.append(contentsOf: inner)
      default: merged.append(effect)
      }
    }
    switch merged.count {
    case 0: return .none
    case 1: return merged[0]
    default: return Self(operation: .merge(merged))
    }
  }

  /// Runs this effect and `other` at the same time.
  @inlinable
  public func merge(with other: Self) -> Self {
    if isNone { return other }
    if other.isNone { return self }
    // NB: The same flattening as `merge(_:)`, without its generic walk over a sequence: every
    // scoped reducer merges its child's effects with its own on every action.
    var merged: [Self]
    if case .merge(let inner) = operation { merged = inner } else { merged = [self] }
    if case .merge(let inner) = other.operation {
      merged.append(contentsOf: inner)
    } else {
      merged.append(other)
    }
    return Self(operation: .merge(merged))
  }

  /// Runs several effects one after another: each starts when the one before has finished.
  /// ``none`` effects are dropped.
  @inlinable
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// Runs a sequence of effects one after another. ``none`` effects are dropped.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { !$0.isNone }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(operation: .concatenate(effects))
    }
  }

  /// Runs `other` after this effect has finished.
  @inlinable
  public func concatenate(with other: Self) -> Self {
    .concatenate([self, other])
  }

  /// Transforms every action this effect sends.
  ///
  /// ``Scope``, ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)`` and
  /// ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)`` use it to lift a
  /// child's effects into the parent's domain.
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let name, let priority, let body):
      // NB: As in TCA, `transform` sees the dependencies in force where `map` is called.
      return withEscapedDependencies { dependencies in
        Effect<T>(
          operation: .run(name: name, priority: priority) { send in
            await body(Send { action in send(dependencies.yield { transform(action) }) })
          }
        )
      }
    case .merge(let effects):
      return Effect<T>(operation: .merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<T>(operation: .concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let effect, let id, let cancelInFlight):
      return Effect<T>(
        operation: .cancellable(effect.map(transform), id: id, cancelInFlight: cancelInFlight)
      )
    case .cancel(let id):
      return Effect<T>(operation: .cancel(id: id))
    case .navigation(let effect, let id):
      return Effect<T>(operation: .navigation(effect.map(transform), id: id))
    case .cancelNavigation(let id):
      return Effect<T>(operation: .cancelNavigation(id: id))
    case .cancelRemovedElements(let elements, let isKept):
      return Effect<T>(operation: .cancelRemovedElements(elements: elements, isKept: isKept))
    case .observed(let effect, let observer):
      return Effect<T>(operation: .observed(effect.map(transform), observer))
    case .dismissal(let effect, let action):
      return Effect<T>(operation: .dismissal(effect.map(transform), action: transform(action)))
    }
  }
}
