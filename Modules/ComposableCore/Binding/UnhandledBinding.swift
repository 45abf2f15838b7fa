import CustomDump
import IssueReporting
import Synchronization

/// Notes whether the binding action a store's setter sent was applied, so that the setter can
/// report one no ``BindingReducer`` applied.
final class BindingApplication: Sendable {
  /// Whether a ``BindingReducer`` applied the action (or a copy of it).
  let isApplied = Atomic(false)
}

/// A write that notes its application: what a store's setter sends, so that it can tell
/// whether a ``BindingReducer`` applied it.
struct NotedWrite<Root, Value: Equatable & Sendable>: BindingWrite {
  let write: FieldWrite<Root, Value>
  let application: BindingApplication

  var value: any Sendable { write.value }

  func apply(to root: inout Root) {
    application.isApplied.store(true, ordering: .relaxed)
    write.apply(to: &root)
  }

  func holds(_ other: Any) -> Bool {
    write.holds(other)
  }
}

extension BindableAction where State: ObservableState {
  /// Sets the field at `keyPath` to `value`, as ``set(_:_:)`` does, noting in `application`
  /// whether the action was applied.
  static func set<Value: Equatable & Sendable>(
    _ keyPath: _SendableWritableKeyPath<State, Value>,
    _ value: Value,
    noting application: BindingApplication
  ) -> Self {
    let write = NotedWrite(write: FieldWrite(keyPath: keyPath, value: value), application: application)
    return binding(BindingAction(keyPath: keyPath, write: write))
  }
}

extension Store {
  /// Sends the binding action that sets `value` at `keyPath`, embedded by `embed`; reports it
  /// (in debug builds, as TCA does) when no ``BindingReducer`` applied it: the feature's body
  /// does not run one.
  ///
  /// NB: Checked when the send returns, having run the reducers. A send made while the store
  ///     processes another is queued behind it and not checked, nor is one to a store whose
  ///     state is gone (a dismissed child's), which is reported as such.
  func sendBinding<ViewAction: BindableAction, Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<ViewAction.State, Value>,
    _ value: Value,
    as _: ViewAction.Type,
    embed: (ViewAction) -> Action
  ) where ViewAction.State: ObservableState {
    // NB: A dynamic member's key path is not typed `Sendable`; one into value state is.
    let keyPath = unsafeBitCast(keyPath, to: _SendableWritableKeyPath<ViewAction.State, Value>.self)
    #if DEBUG
      guard !core.isSending else {
        send(embed(.set(keyPath, value)))
        return
      }
      let application = BindingApplication()
      send(embed(.set(keyPath, value, noting: application)))
      guard !application.isApplied.load(ordering: .relaxed), !core.isInvalid else { return }
      var valueDump = ""
      customDump(value, to: &valueDump, maxDepth: 0)
      reportIssue(
        """
        A binding action sent from a store was not handled.

          Action:
            \(shortTypeName(ViewAction.self)).binding(.set(_, \(valueDump)))

        To fix this, invoke "BindingReducer()" from your feature reducer's "body".
        """
      )
    #else
      send(embed(.set(keyPath, value)))
    #endif
  }
}
