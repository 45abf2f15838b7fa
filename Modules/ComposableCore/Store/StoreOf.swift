/// The store of a reducer's domain: `let store: StoreOf<Counter>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>
