import Persistence

extension Reducer {
  /// Prints every action this reducer receives and the diff of state it caused, or
  /// `(No state changes)`.
  ///
  /// ```
  /// received action:
  ///   Counter.Action.incrementButtonTapped
  ///   Counter.State(
  /// -   count: 0
  /// +   count: 1
  ///   )
  /// ```
  ///
  /// - Parameter printer: Where and how to print; ``_ReducerPrinter/customDump`` by default,
  ///   `nil` to print nothing.
  @inlinable
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// The reducer ``Reducer/_printChanges(_:)`` returns.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let printer: _ReducerPrinter<Base.State, Base.Action>?

  @usableFromInline
  init(base: Base, printer: _ReducerPrinter<Base.State, Base.Action>?) {
    self.base = base
    self.printer = printer
  }

  /// Runs the reducer for one action.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    _prepare().reduce(into: &state, action: action)
  }

  /// Prepares the base reducer, and prints around it.
  @inlinable
  public func _prepare() -> _PreparedReducer<Base.State, Base.Action> {
    let base = self.base._prepare()
    guard let printer else { return base }
    return _PreparedReducer { state, action in
      // NB: As TCA's: `@Shared` values are references, so the state before holds their new
      //     value too; a tracker snapshots them, and under its assertion the diff shows old and
      //     new.
      let changeTracker = SharedChangeTracker(reportUnassertedChanges: false)
      return changeTracker.track {
        let oldState = state
        let effects = base.reduce(into: &state, action: action)
        changeTracker.assert {
          printer.printChange(receivedAction: action, oldState: oldState, newState: state)
        }
        return effects
      }
    }
  }
}
