import CasePaths
import IdentifiedCollections
import OrderedCollections
import IssueReporting

extension Reducer {
  /// Runs an element reducer on the elements of an `IdentifiedArray`, for actions wrapped in
  /// ``IdentifiedAction``, before this reducer.
  ///
  /// Removing an element cancels every effect it started. An action for an element that is
  /// not in the array is reported as an issue and ignored.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.todos, action: \.todos) { Todo() }
  /// ```
  @inlinable
  @warn_unqualified_access
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self,
      element: element(),
      toElementsState: PreparedKeyPath(unresolved: toElementsState),
      toElementAction: PreparedCasePath(toElementAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)`` returns.
///
/// NB: Its prepared form is the same reducer over its parts prepared: `_prepare()` builds a
///     `_ForEachReducer` of prepared reducers, so the operator's configuration has one home.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline let toElementsState: PreparedKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction: PreparedCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let location: SourceLocation

  @usableFromInline
  init(
    parent: Parent,
    element: Element,
    toElementsState: PreparedKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: PreparedCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.element = element
    self.toElementsState = toElementsState
    self.toElementAction = toElementAction
    self.location = location
  }

  /// Runs the reducer for one action.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    _prepare().reduce(into: &state, action: action)
  }

  /// Prepares the parent and the element reducer, and the path to the elements' actions.
  @inlinable
  public func _prepare() -> _PreparedReducer<Parent.State, Parent.Action> {
    let prepared = _ForEachReducer<_PreparedReducer<Parent.State, Parent.Action>, ID, _PreparedReducer<Element.State, Element.Action>>(
      parent: parent._prepare(),
      element: PreparedChild(element).reducer,
      toElementsState: PreparedKeyPath(toElementsState.keyPath),
      toElementAction: toElementAction,
      location: location
    )
    return _PreparedReducer { prepared.run(into: &$0, action: $1) }
  }

  /// Runs the element an action is for, then the parent, and ends the effects of the elements
  /// the parent removed: the work of the prepared reducer, which `_prepare()` builds over
  /// prepared parts.
  @inlinable
  func run(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffects = reduceElement(into: &state, action: action)
    let idsBefore = toElementsState.get(state).ids
    let parentEffects = parent.reduce(into: &state, action: action)
    let idsAfter = toElementsState.get(state).ids
    guard !isIdentical(idsBefore, idsAfter) else {
      return elementEffects.merge(with: parentEffects)
    }
    // NB: The store cancels the work of the elements no longer held, looking only at the work
    //     running: finding the ids removed here would hash every id of the collection, which a
    //     todo added on top of 100,000 would pay on each `add`.
    let cancelEffects = Effect<Parent.Action>._cancelRemovedElements(at: toElementsState.keyPath) { id in
      (id.base as? ID).map(idsAfter.contains) ?? true
    }
    return .merge([elementEffects, parentEffects, cancelEffects])
  }

  @inlinable
  func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard case let .element(id, elementAction)? = toElementAction.extract(from: action) else {
      return .none
    }
    // NB: The elements are modified where they lie (`PreparedKeyPath.modify`), so the one
    //     element changed is the only one touched.
    let effects = toElementsState.modify(&state) { elements -> Effect<Element.Action>? in
      guard elements[id: id] != nil else { return nil }
      return element.reduce(into: &elements[id: id]!, action: elementAction)
    }
    guard let effects else {
      reportMissingElement(action, at: location)
      return .none
    }
    guard !effects.isNone else { return .none }
    let embed = toElementAction.path
    return effects
      .map { embed.embed(.element(id: id, action: $0)) }
      ._navigation(id: NavigationID(toElementsState.keyPath, id: id))
  }
}

/// Reports an action for an element a ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``
/// does not hold.
@usableFromInline
func reportMissingElement<Action>(_ action: Action, at location: SourceLocation) {
  location.reportIssue(
    """
    A "forEach" at "\(location)" received an action for a missing element.

      Action:
        \(debugCaseOutput(action))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer removed an element with this ID before this reducer ran. This reducer \
    must run before any other reducer removes an element, which ensures that element reducers \
    can handle their actions while their state is still available.

    An in-flight effect emitted this action when state contained no element at this ID. \
    While it may be perfectly reasonable to ignore this action, consider canceling the \
    associated effect before an element is removed, especially if it is a long-living effect.

    This action was sent to the store while its state contained no element at this ID. To \
    fix this make sure that actions for this reducer can only be sent from a store when \
    its state contains an element at this id. In SwiftUI applications, use "ForEachStore".
    """
  )
}
