import Dependencies
import IssueReporting
import OrderedCollections

// The stack reducer's reports of actions it cannot carry out, and its claim of a pushed id.
//
// NB: Functions of the core, not inlinable: the prepared reducer runs specialized where the
//     feature is compiled, and reaches these only for a push or an action it reports.
extension _StackReducer {
  /// Reports an action for a screen the stack does not hold.
  @usableFromInline
  func reportMissingElement(_ destinationAction: Destination.Action) {
    location.reportIssue(
      """
      A "forEach" at "\(location)" received an action for a missing element.

        Action:
          \(debugCaseOutput(destinationAction))

      This is generally considered an application logic error, and can happen for a few \
      reasons:

      A parent reducer removed an element with this ID before this reducer ran. This reducer \
      must run before any other reducer removes an element, which ensures that element \
      reducers can handle their actions while their state is still available.

      An in-flight effect emitted this action when state contained no element at this ID. \
      While it may be perfectly reasonable to ignore this action, consider canceling the \
      associated effect before an element is removed, especially if it is a long-living \
      effect.

      This action was sent to the store while its state contained no element at this ID. To \
      fix this make sure that actions for this reducer can only be sent from a store when \
      its state contains an element at this id. In SwiftUI applications, use \
      "NavigationStack.init(path:)" with a binding to a store.
      """
    )
  }

  /// Reports a pop from a screen the stack does not hold.
  @usableFromInline
  func reportMissingPop(_ id: StackElementID, ids: OrderedSet<StackElementID>) {
    location.reportIssue(
      """
      A "forEach" at "\(location)" received a "popFrom" action for a missing element.

        ID:
          \(id.debugDescription)
        Path IDs:
          \(idList(ids))
      """
    )
  }

  /// Reports a push of a screen with an id the stack already holds.
  @usableFromInline
  func reportDuplicatePush(_ id: StackElementID, ids: OrderedSet<StackElementID>) {
    location.reportIssue(
      """
      A "forEach" at "\(location)" received a "push" action for an element it already \
      contains.

        ID:
          \(id.debugDescription)
        Path IDs:
          \(idList(ids))
      """
    )
  }

  /// Keeps the id generator ahead of an id pushed from outside (a test's `.push(id: 0, …)`,
  /// a deep link), so the next append never reuses it. In a test, an id beyond the next one
  /// is reported: the test skipped an id the store would have given.
  @usableFromInline
  func claim(_ id: StackElementID) {
    @Dependency(\.stackElementID) var stackElementID
    @Dependency(\.context) var context
    let next = stackElementID.peek()
    if context == .test, id.generation > next.generation {
      location.reportIssue(
        """
        A "forEach" at "\(location)" received a "push" action with an unexpected generational \
        ID.

          Received ID:
            \(id.debugDescription)
          Expected ID:
            \(next.debugDescription)
        """
      )
    }
    if id.generation >= next.generation {
      while stackElementID.next().generation < id.generation {}
    }
  }
}

private func idList(_ ids: OrderedSet<StackElementID>) -> String {
  "[" + ids.map(\.debugDescription).joined(separator: ", ") + "]"
}
