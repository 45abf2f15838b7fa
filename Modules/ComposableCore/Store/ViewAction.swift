import Animations

/// An action enum that gathers what a view may send in one case, `view(_:)`, apart from the
/// actions only effects and parents send.
///
/// ```swift
/// enum Action: ViewAction {
///   case loginResponse(Result<Token, any Error>)
///   case view(View)
///   enum View { case loginButtonTapped }
/// }
/// ```
///
/// A test sends the view's actions through the case: `store.send(.view(.loginButtonTapped))`,
/// or by case key path, `store.send(\.view.loginButtonTapped)`.
public protocol ViewAction<ViewAction> {
  /// The actions a view may send.
  associatedtype ViewAction
  /// Embeds one of the view's actions in the feature's action: the `view` case.
  static func view(_ action: ViewAction) -> Self
}

/// A type holding a store whose actions are ``ViewAction``s, which sends only the view's
/// actions: `send(.loginButtonTapped)` rather than `store.send(.view(.loginButtonTapped))`.
///
/// The ``ViewAction(for:)`` macro conforms a type to it.
@preconcurrency @MainActor
public protocol ViewActionSending<StoreState, StoreAction> {
  /// The state of the store's feature.
  associatedtype StoreState
  /// The actions of the store's feature, of which the view sends the `view` case's.
  associatedtype StoreAction: ViewAction
  /// The store the view's actions go to.
  var store: Store<StoreState, StoreAction> { get }
}

extension ViewActionSending {
  /// Sends one of the view's actions to the store, embedded in the `view` case.
  @discardableResult
  public func send(_ action: StoreAction.ViewAction) -> StoreTask {
    store.send(.view(action))
  }

  /// Sends one of the view's actions to the store with an animation (inert off Apple
  /// platforms: the action is sent as ``send(_:)`` sends it).
  @discardableResult
  public func send(_ action: StoreAction.ViewAction, animation: Animation?) -> StoreTask {
    withAnimation(animation) { store.send(.view(action)) }
  }

  /// Sends one of the view's actions to the store in a transaction (inert off Apple platforms:
  /// the action is sent as ``send(_:)`` sends it).
  @discardableResult
  public func send(_ action: StoreAction.ViewAction, transaction: Transaction) -> StoreTask {
    withTransaction(transaction) { store.send(.view(action)) }
  }
}
