import ComposableCore

/// The one observer the send benchmarks keep on a store: a view store of one value, as a view
/// observed its store before `@ObservableState`, given the state after every send and comparing
/// the value with the last.
///
/// NB: `ViewStore` is deprecated, as in TCA. The benchmarks keep it so that their figures stay
///     comparable with every earlier run. It is named only in ``ViewStoreObserving``'s deprecated
///     witness, which ``init(_:observe:)`` reaches through the generic ``SendObserving``, where
///     the compiler does not warn of it.
@MainActor
struct SendObserver<Value: Equatable> {
  private let read: () -> Value

  /// Observes `toValue` of `store`'s state for as long as the observer lives.
  init<State, Action>(_ store: Store<State, Action>, observe toValue: @escaping (State) -> Value) {
    read = Self.observe(store, toValue, by: ViewStoreObserving.self)
  }

  /// The value after the last send.
  var state: Value { read() }

  private static func observe<State, Action, Observing: SendObserving>(
    _ store: Store<State, Action>, _ toValue: @escaping (State) -> Value, by _: Observing.Type
  ) -> () -> Value {
    Observing.observe(store, toValue)
  }
}

/// A way to observe a value of a store's state after every send.
protocol SendObserving {
  /// Starts observing `toValue` of `store`'s state; the closure returned reads the value last
  /// observed and keeps the observation alive.
  @MainActor
  static func observe<State, Action, Value: Equatable>(
    _ store: Store<State, Action>, _ toValue: @escaping (State) -> Value
  ) -> () -> Value
}

/// Observation by a `ViewStore`.
enum ViewStoreObserving: SendObserving {
  @available(*, deprecated)
  @MainActor
  static func observe<State, Action, Value: Equatable>(
    _ store: Store<State, Action>, _ toValue: @escaping (State) -> Value
  ) -> () -> Value {
    let viewStore = ViewStore(store, observe: toValue)
    return { viewStore.state }
  }
}
