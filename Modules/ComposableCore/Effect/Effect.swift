import ConcurrencyExtras

/// A unit of work a reducer hands back to the store: actions to feed back in, asynchronous
/// work to run, or cancellation of work already running.
///
/// Effects are values. A reducer builds them with ``none``, ``send(_:)``,
/// ``run(priority:name:operation:catch:fileID:filePath:line:column:)``,
/// ``merge(_:)-(Effect<Action>...)``, ``concatenate(_:)-(Effect<Action>...)``, ``cancellable(id:cancelInFlight:)`` and ``cancel(id:)``,
/// and the ``Store`` that receives them interprets them. Nothing runs until then.
///
/// ```swift
/// case .factButtonTapped:
///   return .run { [count = state.count] send in
///     await send(.factResponse(Result { try await numberFact.fetch(count, .trivia) }))
///   }
/// ```
public struct Effect<Action> {
  @usableFromInline
  let operation: Operation

  @usableFromInline
  init(operation: Operation) {
    self.operation = operation
  }

  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(name: String?, priority: TaskPriority?, body: @Sendable (Send<Action>) async -> Void)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(Effect, id: AnyHashableSendable, cancelInFlight: Bool)
    case cancel(id: AnyHashableSendable)
    case navigation(Effect, id: AnyHashableSendable)
    case cancelNavigation(id: AnyHashableSendable)
    /// Cancels the work of the elements of a collection of child features (`forEach`) that are
    /// no longer in it: every element of `elements` (a ``NavigationID`` with no id) with work
    /// running whose id `isKept` refuses.
    case cancelRemovedElements(elements: NavigationID, isKept: @Sendable (AnyHashable) -> Bool)
    case observed(Effect, any _EffectObserver)
    /// Work of a presented child: `dismiss` from its tasks sends `action`.
    case dismissal(Effect, action: Action)
  }
}

// NB: An effect only carries actions from the reducer that made it to the store that runs it,
// both on the main actor; asynchronous work is `@Sendable` and delivers actions through `Send`,
// which hops to the main actor. So `Action` itself need not be `Sendable`, as in TCA.
extension Effect: @unchecked Sendable {}

extension Effect {
  /// An effect that does nothing and finishes at once.
  @inlinable
  public static var none: Self {
    Self(operation: .none)
  }

  /// An effect that feeds an action straight back into the store.
  ///
  /// The store processes it right after the action that returned it, before any other work,
  /// in the order effects were returned (breadth first, without recursion). Prefer calling
  /// shared logic directly over sending actions to share it.
  @inlinable
  public static func send(_ action: Action) -> Self {
    Self(operation: .send(action))
  }

  /// Whether this effect is ``none``.
  @inlinable
  public var isNone: Bool {
    if case .none = operation { return true }
    return false
  }

  /// Whether this effect does all its work when started: it sends or cancels, and never
  /// suspends.
  var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel, .cancelNavigation, .cancelRemovedElements:
      return true
    case .run:
      return false
    case .merge(let effects), .concatenate(let effects):
      return effects.allSatisfy(\.isSynchronous)
    case .cancellable(let effect, _, _), .navigation(let effect, _), .observed(let effect, _),
      .dismissal(let effect, _):
      return effect.isSynchronous
    }
  }
}

/// The effects a reducer's actions return: `EffectOf<Counter>` is `Effect<Counter.Action>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>
