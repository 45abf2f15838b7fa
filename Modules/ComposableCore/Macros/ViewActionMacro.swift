/// Gives a type that holds a feature's store a `send` for the feature's view actions, and warns
/// where it sends to the store directly.
///
/// The feature's `Action` conforms to ``ViewAction``, gathering what a view may send in a
/// `view` case:
///
/// ```swift
/// @ViewAction(for: Login.self)
/// struct LoginView {
///   let store: StoreOf<Login>
///
///   func loginButtonTapped() {
///     send(.loginButtonTapped)  // store.send(.view(.loginButtonTapped))
///   }
/// }
/// ```
///
/// The macro conforms the type to ``ViewActionSending``, whose `send(_:)`,
/// `send(_:animation:)` and `send(_:transaction:)` embed the action in the `view` case. It
/// applies to any type with a `store` property — a view, a view model, a test's stand-in for a
/// view — and reports an error, with a fix-it adding one, on a type without. A
/// `store.send(…)` written inside the type is warned of; one sending `.view(…)` has a fix-it
/// calling `send` with the view action.
@attached(extension, conformances: ViewActionSending)
public macro ViewAction<R: Reducer>(for: R.Type) =
  #externalMacro(module: "ComposableMacros", type: "ViewActionMacro") where R.Action: ViewAction
