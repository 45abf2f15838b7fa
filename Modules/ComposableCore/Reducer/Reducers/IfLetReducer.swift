import CustomDump
import CasePaths
import IssueReporting

extension Reducer {
  /// Runs a child reducer on optional child state while it is present, before this reducer.
  ///
  /// When the child state becomes `nil`, every effect the child started is cancelled. A child
  /// action that arrives while the state is `nil` is reported as an issue and ignored.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.timer, action: \.timer) { Timer() }
  /// ```
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    _IfLetReducer(
      parent: self,
      child: wrapped(),
      toChildState: PreparedKeyPath(unresolved: toWrappedState),
      toChildAction: PreparedCasePath(toWrappedAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer {
  /// Embeds an alert or a confirmation dialog held in optional state, with no reducer of its
  /// own: the state is set to `nil` once one of its actions is sent, as when a button is tapped.
  ///
  /// ```swift
  /// .ifLet(\.alert, action: \.alert)
  /// ```
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    _IfLetReducer(
      parent: self,
      child: EmptyReducer(),
      toChildState: PreparedKeyPath(unresolved: toWrappedState),
      toChildAction: PreparedCasePath(toWrappedAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}


/// The reducer ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)`` returns.
///
/// NB: Its prepared form is the same reducer over its parts prepared: `_prepare()` builds an
///     `_IfLetReducer` of prepared reducers, so the operator's configuration has one home.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: PreparedKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: PreparedCasePath<Parent.Action, Child.Action>
  @usableFromInline let location: SourceLocation
  /// Reads the child's identity, with what its type allows worked out once.
  @usableFromInline let identity: PresentedIdentityReader<Child.State>
  /// Whether the child may be an alert or a dialog, which its own actions dismiss.
  @usableFromInline let mayBeAnswered: Bool
  /// Whether the child's identity is its type alone (``PresentedIdentityReader/typeAlone``).
  ///
  /// NB: Kept rather than derived at each action: asking `identity.typeAlone` whether it is
  ///     `nil` copies it, `AnyHashable` and all, as binding it does.
  @usableFromInline let isIdentityTypeAlone: Bool
  /// Whether effects were ever tagged under the child's path, in the prepared reducer alone:
  /// until they are, there are none to cancel when the child goes, and the child is not read for
  /// it (``NavigationEffectsMark``).
  @usableFromInline let effectsMark: NavigationEffectsMark?

  @usableFromInline
  init(
    parent: Parent,
    child: Child,
    toChildState: PreparedKeyPath<Parent.State, Child.State?>,
    toChildAction: PreparedCasePath<Parent.Action, Child.Action>,
    location: SourceLocation,
    identity: PresentedIdentityReader<Child.State> = PresentedIdentityReader(),
    mayBeAnswered: Bool = mayBeEphemeral(Child.State.self),
    effectsMark: NavigationEffectsMark? = nil
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.location = location
    self.identity = identity
    self.mayBeAnswered = mayBeAnswered
    self.isIdentityTypeAlone = identity.typeAlone != nil
    self.effectsMark = effectsMark
  }

  /// Runs the reducer for one action.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    _prepare().reduce(into: &state, action: action)
  }

  /// Prepares the parent and the child, and the paths between them.
  @inlinable
  public func _prepare() -> _PreparedReducer<Parent.State, Parent.Action> {
    let prepared = _IfLetReducer<_PreparedReducer<Parent.State, Parent.Action>, _PreparedReducer<Child.State, Child.Action>>(
      parent: parent._prepare(),
      child: PreparedChild(child).reducer,
      toChildState: PreparedKeyPath(toChildState.keyPath),
      toChildAction: toChildAction,
      location: location,
      identity: identity,
      mayBeAnswered: mayBeAnswered,
      effectsMark: NavigationEffectsMark.mark(for: toChildState.keyPath)
    )
    return _PreparedReducer { prepared.run(into: &$0, action: $1) }
  }

  /// Runs the child, then the parent, and ends the child's effects when it goes: the work of
  /// the prepared reducer, which `_prepare()` builds over prepared parts.
  @inlinable
  func run(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    if isIdentityTypeAlone {
      // NB: A child whose identity is its type alone (a struct that is not `Identifiable`, the
      //     common child) is the same child for as long as it is present: its presence is all
      //     that is compared, and its identity is made only for its effects.
      // NB: Read where it lies, only when the child went: a copy of the identity (or of its
      //     reader) at every action copies the `AnyHashable` it holds through its witnesses.
      // NB: Nor is the identity the child's effects are tagged with read before the child runs:
      //     it is the same after, and made only when there are effects to tag.
      return run(
        into: &state, action: action, key: { $0 != nil }, toIdentity: { self.identity.typeAlone(if: $0) },
        before: { _ in () }, effectsIdentity: { _ in self.identity.typeAlone! }
      )
    }
    return run(
      into: &state, action: action, key: { $0.map(self.identity.identity(of:)) }, toIdentity: { $0 },
      before: { self.identity.identity(of: $0) }, effectsIdentity: { $0 }
    )
  }

  /// Runs the child, then the parent, comparing the child before and after the parent by `key`:
  /// its identity, or for a child whose identity is its type alone, whether it is present.
  /// `toIdentity` is the identity of a key, `nil` when there is no child. The child's effects
  /// are tagged with `effectsIdentity` of what `before` read of the child before it ran.
  @inlinable
  func run<Key: Equatable, Before>(
    into state: inout Parent.State,
    action: Parent.Action,
    key: (Child.State?) -> Key,
    toIdentity: (Key) -> PresentedIdentity?,
    before: (Child.State) -> Before,
    effectsIdentity: (Before) -> PresentedIdentity
  ) -> Effect<Parent.Action> {
    let childAction = toChildAction.extract(from: action)
    let childEffects: Effect<Parent.Action>
    let keyBefore: Key
    // NB: Until effects are tagged under the child's path there are none to cancel when it
    //     goes, so the child is read before and after the parent only for an alert's answer.
    if let childAction {
      (childEffects, keyBefore) = reduceChild(
        into: &state, action: childAction, whole: action, key: key,
        before: before, effectsIdentity: effectsIdentity
      )
      if !mayBeAnswered, let effectsMark, !effectsMark.hasTaggedEffects {
        return childEffects.merge(with: parent.reduce(into: &state, action: action))
      }
    } else {
      if let effectsMark, !effectsMark.hasTaggedEffects {
        return parent.reduce(into: &state, action: action)
      }
      childEffects = .none
      keyBefore = key(toChildState.get(state))
    }
    let parentEffects = parent.reduce(into: &state, action: action)
    let keyAfter = key(toChildState.get(state))
    // NB: An alert or dialog is answered by any of its actions, unless the parent replaced it.
    if mayBeAnswered, keyAfter == keyBefore, let childAction,
      let child = toChildState.get(state), isAnswer(childAction, to: child)
    {
      toChildState.set(&state, nil)
    }
    // NB: The child's effects end when it goes, or when another child (another `id`, another
    // case) takes its place.
    guard keyBefore != keyAfter, let gone = toIdentity(keyBefore) else {
      return childEffects.merge(with: parentEffects)
    }
    return childEffects.merge(with: parentEffects)
      .merge(with: ._cancelNavigation(id: NavigationID(toChildState.keyPath, id: gone)))
  }

  /// Runs the child for its action, in one pass over the child's state: whether it is there,
  /// its identity, the child's reducer and its key once it ran are all taken from the child
  /// where it lies, so a child reached through a computed property is read and written once.
  /// Returns the child's effects and its key after it ran (`key(nil)` when it is missing).
  ///
  /// NB: What identifies the child's effects is read before it runs through `before`, and made
  ///     an identity only when there are effects: a child whose identity is its type alone reads
  ///     nothing. Its identity (an `AnyHashable` inside) carried in and out of the result at every
  ///     action would be copied through the identity's and the tuple's witnesses.
  @inlinable
  func reduceChild<Key, Before>(
    into state: inout Parent.State,
    action childAction: Child.Action,
    whole action: Parent.Action,
    key: (Child.State?) -> Key,
    before: (Child.State) -> Before,
    effectsIdentity: (Before) -> PresentedIdentity
  ) -> (Effect<Parent.Action>, Key) {
    let child = self.child
    let ran = toChildState.modify(&state) { state -> (Effect<Child.Action>, Before, Key)? in
      guard state != nil else { return nil }
      let childBefore = before(state!)
      let effects = child.reduce(into: &state!, action: childAction)
      return (effects, childBefore, key(state))
    }
    guard let ran else {
      reportMissingChild(action)
      return (.none, key(nil))
    }
    let (effects, childBefore, keyAfterChild) = ran
    guard !effects.isNone else { return (.none, keyAfterChild) }
    effectsMark?.noteTaggedEffects()
    let toChildAction = self.toChildAction.path
    let embedded = effects
      .map { toChildAction.embed($0) }
      ._navigation(id: NavigationID(toChildState.keyPath, id: effectsIdentity(childBefore)))
    return (embedded, keyAfterChild)
  }

  @usableFromInline
  func reportMissingChild(_ action: Parent.Action) {
    location.reportIssue(
      """
      An "ifLet" at "\(location)" received a child action when child state was "nil".

        Action:
      \(String(customDumping: action).indentedBy(4))

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer set child state to "nil" before this reducer ran. This reducer must run \
      before any other reducer sets child state to "nil". This ensures that child reducers can \
      handle their actions while their state is still available.

      An in-flight effect emitted this action when child state was "nil". While it may be \
      perfectly reasonable to ignore this action, consider canceling the associated effect \
      before child state becomes "nil", especially if it is a long-living effect.

      This action was sent to the store while state was "nil". Make sure that actions for this \
      reducer can only be sent from a store when state is non-"nil". In SwiftUI \
      applications, use "IfLetStore".
      """
    )
  }
}
