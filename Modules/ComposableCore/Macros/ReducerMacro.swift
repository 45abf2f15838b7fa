/// Makes a struct a ``Reducer``, or an enum a ``CaseReducer`` of the features in its cases.
///
/// On a struct it adds the conformance, marks the nested `Action` (and an enum `State`)
/// `@CasePathable`, gives `body` its ``ReducerBuilder``, and fills in the `State`, `Action` and
/// `body` a feature with nothing to hold, do or say leaves out:
///
/// ```swift
/// @Reducer
/// struct Counter {
///   @ObservableState
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
///
/// On an enum whose cases each hold a feature (`case edit(TodoEditor)`) or an alert or dialog
/// (`case alert(AlertState<Alert>)`), it writes the `State` and `Action` enums, a `body` that
/// runs each case's reducer on its case, and the `CaseScope` a store switches over.
@attached(member, names: named(State), named(Action), named(init), named(body), named(CaseScope), named(scope))
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() = #externalMacro(module: "ComposableMacros", type: "ReducerMacro")

/// An enum reducer whose generated `State` and `Action` also conform to the protocols named.
///
/// ```swift
/// @Reducer(state: .equatable, .sendable, action: .sendable)
/// enum Destination { case edit(TodoEditor) }
/// ```
@attached(member, names: named(State), named(Action), named(init), named(body), named(CaseScope), named(scope))
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
@available(*, deprecated, message: "Define your conformance using an extension, instead")
public macro Reducer(state: _SynthesizedConformance..., action: _SynthesizedConformance...) =
  #externalMacro(module: "ComposableMacros", type: "ReducerMacro")

/// Marks a case of an enum reducer whose value is held in state as it is, with no reducer of
/// its own (the macro applies it to `AlertState` and `ConfirmationDialogState` cases).
@attached(peer, names: named(_))
public macro ReducerCaseEphemeral() = #externalMacro(module: "ComposableMacros", type: "ReducerCaseEphemeralMacro")

/// Marks a case of an enum reducer that holds plain data, not a feature: its action is `Never`.
@attached(peer, names: named(_))
public macro ReducerCaseIgnored() = #externalMacro(module: "ComposableMacros", type: "ReducerCaseIgnoredMacro")
