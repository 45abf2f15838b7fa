import CasePaths
import Dependencies
import IssueReporting

extension Reducer {
  /// Runs a presented child's reducer while it is presented, before this reducer, and manages
  /// its life: `.dismiss` sets its state to `nil`, and when the state becomes `nil` or is
  /// replaced by another presentation (another case, another `id`) the child's effects are
  /// cancelled. In the child, `@Dependency(\.dismiss)` dismisses it and
  /// `@Dependency(\.isPresented)` is `true`.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$destination, action: \.destination) { Destination() }
  /// ```
  @inlinable
  @warn_unqualified_access
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _PresentationReducer(
      base: self,
      toPresentationState: PreparedKeyPath(unresolved: toPresentationState),
      toPresentationAction: PreparedCasePath(toPresentationAction),
      destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)`` returns.
public struct _PresentationReducer<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toPresentationState: PreparedKeyPath<Base.State, PresentationState<Destination.State>>
  @usableFromInline let toPresentationAction: PreparedCasePath<Base.Action, PresentationAction<Destination.Action>>
  @usableFromInline let destination: Destination
  @usableFromInline let location: SourceLocation
  /// Reads the destination's identity, with what its type allows worked out once.
  @usableFromInline let identity = PresentedIdentityReader<Destination.State>()
  /// Whether the destination may be an alert or a dialog, which its own actions dismiss.
  @usableFromInline let mayBeAnswered = mayBeEphemeral(Destination.State.self)
  /// Whether the destination's identity is its type alone (``PresentedIdentityReader/typeAlone``).
  ///
  /// NB: Kept rather than derived at each action: asking `identity.typeAlone` whether it is
  ///     `nil` copies it, `AnyHashable` and all, as binding it does.
  @usableFromInline let isIdentityTypeAlone: Bool
  /// The dependencies the destination runs under, kept while those in force stay the same: in
  /// the prepared reducer alone, which one store runs one action at a time.
  @usableFromInline let presentedDependencies: PresentedDependencies?
  /// Whether effects were ever tagged under the presentation's path, in the prepared reducer
  /// alone: until they are, there are none to cancel when a destination goes or is replaced,
  /// and an action that is not the presentation's runs the base alone
  /// (``NavigationEffectsMark``).
  @usableFromInline let effectsMark: NavigationEffectsMark?

  @usableFromInline
  init(
    base: Base,
    toPresentationState: PreparedKeyPath<Base.State, PresentationState<Destination.State>>,
    toPresentationAction: PreparedCasePath<Base.Action, PresentationAction<Destination.Action>>,
    destination: Destination,
    location: SourceLocation,
    presentedDependencies: PresentedDependencies? = nil,
    effectsMark: NavigationEffectsMark? = nil
  ) {
    self.presentedDependencies = presentedDependencies
    self.effectsMark = effectsMark
    self.base = base
    self.toPresentationState = toPresentationState
    self.toPresentationAction = toPresentationAction
    self.destination = destination
    self.location = location
    self.isIdentityTypeAlone = identity.typeAlone != nil
  }

  /// Runs the reducer for one action.
  // NB: Inlinable, so that a prepared tree runs it specialized for the feature's types.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    if isIdentityTypeAlone {
      // NB: A destination whose identity is its type alone (a struct that is not `Identifiable`)
      //     is the same presentation for as long as it is presented: whether it is, is all that
      //     is compared, and its identity is made only for its effects, read where it lies.
      return reduce(
        into: &state, action: action,
        key: { $0.isPresenting }, storedKey: { $0.hasPresentedIdentity }, isPresent: { $0 },
        toIdentity: { self.identity.typeAlone(if: $0) }
      )
    }
    let identity = self.identity
    return reduce(
      into: &state, action: action,
      key: { $0.wrappedValue.map(identity.identity(of:)) }, storedKey: { $0.presentedIdentity },
      isPresent: { $0?.type != nil }, toIdentity: { $0 }
    )
  }

  /// Runs the reducer for one action, comparing presentations by `key`, read off the presentation
  /// where the child lies: the identity of what is presented, or for a destination whose
  /// identity is its type alone, whether anything is. `storedKey` is the key of what the
  /// presentation keeps it last saw, `isPresent` whether a key is of something presented, and
  /// `toIdentity` the identity of a key, `nil` when nothing is presented.
  ///
  /// NB: Whatever is read of a presentation is read through a member where it can be: asking an
  ///     optional whether it is `nil` copies it first when its type is address-only, as a state
  ///     holding a presentation is (its identity's `id` is an existential).
  @inlinable
  func reduce<Key: Equatable>(
    into state: inout Base.State,
    action: Base.Action,
    key: (PresentationState<Destination.State>) -> Key,
    storedKey: (PresentationState<Destination.State>) -> Key,
    isPresent: (Key) -> Bool,
    toIdentity: (Key) -> PresentedIdentity?
  ) -> Effect<Base.Action> {
    // NB: Only keys are kept of the presentation as it was: a copy of it, or of what it
    //     presents, would share storage with the presentation the destination then modifies,
    //     and every collection in the destination would be copied whole at its first change.
    let presentationAction = toPresentationAction.extract(from: action)
    // NB: Until effects are tagged under the presentation's path, the books kept below serve
    //     no cancellation: an action that is not the presentation's runs the base alone. What
    //     the presentation last saw is caught up with at its first action once there are
    //     effects, and a stale one is cancelled with nothing running under it.
    if let effectsMark, !effectsMark.hasTaggedEffects,
      !withUnsafePointer(to: presentationAction, isPresent(at:))
    {
      return base.reduce(into: &state, action: action)
    }
    let initialKey: Key
    let seenKey: Key
    let isPresented: Bool
    let isAnswered: Bool
    do {
      let initial = toPresentationState.get(state)
      initialKey = key(initial)
      seenKey = storedKey(initial)
      isPresented = isPresent(initialKey)
      if mayBeAnswered, case .presented(let destinationAction)? = presentationAction,
        let presented = initial.wrappedValue
      {
        isAnswered = isAnswer(destinationAction, to: presented)
      } else {
        isAnswered = false
      }
    }
    var destinationEffects = Effect<Base.Action>.none
    let baseEffects: Effect<Base.Action>

    switch (isPresented, presentationAction) {
    case (true, .dismiss?):
      baseEffects = base.reduce(into: &state, action: action)
      if key(toPresentationState.get(state)) == initialKey {
        toPresentationState.modify(&state) { $0.wrappedValue = nil }
      }

    case (true, .presented(let destinationAction)?):
      destinationEffects = reduceDestination(
        into: &state, action: destinationAction, identity: toIdentity(initialKey)!
      )
      baseEffects = base.reduce(into: &state, action: action)
      if isAnswered, key(toPresentationState.get(state)) == initialKey {
        toPresentationState.modify(&state) { $0.wrappedValue = nil }
      }

    case (false, .some):
      reportMissingDestination(action)
      baseEffects = base.reduce(into: &state, action: action)

    case (_, nil):
      baseEffects = base.reduce(into: &state, action: action)
    }

    // NB: What this reducer last saw presented may differ from what it found: a reducer after
    //     it may have dismissed or replaced the child since. The effects of both end when the
    //     child they belong to is gone.
    let finalKey = key(toPresentationState.get(state))
    var cancelEffects: [Effect<Base.Action>] = []
    if seenKey != finalKey, let seen = toIdentity(seenKey) {
      cancelEffects.append(._cancelNavigation(id: navigationID(seen)))
    }
    if initialKey != finalKey, initialKey != seenKey, let initialIdentity = toIdentity(initialKey) {
      cancelEffects.append(._cancelNavigation(id: navigationID(initialIdentity)))
    }
    if seenKey != finalKey {
      toPresentationState.modify(&state) { $0.presentedIdentity = toIdentity(finalKey) }
    }
    guard !cancelEffects.isEmpty else { return destinationEffects.merge(with: baseEffects) }
    return .merge([destinationEffects, baseEffects] + cancelEffects)
  }

  /// Reports a presentation action that arrived while nothing was presented.
  @usableFromInline
  func reportMissingDestination(_ action: Base.Action) {
    location.reportIssue(
      """
      An "ifLet" at "\(location)" received a presentation action when destination state was \
      absent.

        Action:
          \(debugCaseOutput(action))

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer set destination state to "nil" before this reducer ran. This reducer \
      must run before any other reducer sets destination state to "nil". This ensures that \
      destination reducers can handle their actions while their state is still present.

      This action was sent to the store while destination state was "nil". Make sure that \
      actions for this reducer can only be sent from a store when state is present, or \
      from effects that start from this reducer.
      """
    )
  }

  /// Prepares the base and the destination reducers, once.
  @inlinable
  public func _prepare() -> _PreparedReducer<Base.State, Base.Action> {
    let prepared = _PresentationReducer<_PreparedReducer<Base.State, Base.Action>, _PreparedReducer<Destination.State, Destination.Action>>(
      base: base._prepare(),
      toPresentationState: PreparedKeyPath(toPresentationState.keyPath),
      toPresentationAction: toPresentationAction,
      destination: PreparedChild(destination).reducer,
      location: location,
      presentedDependencies: PresentedDependencies(),
      effectsMark: NavigationEffectsMark.mark(for: toPresentationState.keyPath)
    )
    return _PreparedReducer { prepared.reduce(into: &$0, action: $1) }
  }

  /// Runs the presented destination for one of its actions, with `dismiss` in its dependencies;
  /// its effects are registered under `identity`, made only when there are any.
  // NB: Inlinable, so that it runs specialized for the feature's types; no effect from the
  //     destination is wrapped in nothing (its dismissal and navigation would start nothing).
  // NB: The identity is an autoclosure: made at every action, it would be copied (an
  //     `AnyHashable` inside, through its witnesses) and destroyed unused whenever the
  //     destination returns no effect.
  @inlinable
  func reduceDestination(
    into state: inout Base.State,
    action: Destination.Action,
    identity: @autoclosure () -> PresentedIdentity
  ) -> Effect<Base.Action> {
    let effects = PresentedDependencies.run(keptIn: presentedDependencies) {
      toPresentationState.modify(&state) { destination.reduce(into: &$0.wrappedValue!, action: action) }
    }
    guard !effects.isNone else { return .none }
    // NB: Run as it is, not prepared, the reducer has no mark of its own: the path's is found,
    //     so that a prepared one on the same path sees these effects.
    (effectsMark ?? NavigationEffectsMark.mark(for: toPresentationState.keyPath)).noteTaggedEffects()
    let toPresentationAction = self.toPresentationAction.path
    return Effect(
      operation: .dismissal(
        effects.map { toPresentationAction.embed(.presented($0)) },
        action: toPresentationAction.embed(.dismiss)
      )
    )
    ._navigation(id: navigationID(identity()))
  }

  /// Where the effects of the destination with `identity` are registered.
  @usableFromInline
  func navigationID(_ identity: PresentedIdentity) -> NavigationID {
    NavigationID(toPresentationState.keyPath, id: identity)
  }
}
