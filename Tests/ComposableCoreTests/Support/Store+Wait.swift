import ComposableCore

extension Store where State: Sendable {
  /// Waits until the store's state satisfies `predicate`, observing every change.
  func wait(until predicate: @escaping (State) -> Bool) async {
    let viewStore = ViewStore(self, observe: { $0 }, removeDuplicates: { _, _ in false })
    for await state in viewStore.values where predicate(state) {
      return
    }
  }
}
