/// One subscriber of a ``ViewStore``: told of each new view state.
@usableFromInline
struct ViewStoreSubscriber<ViewState> {
  @usableFromInline let id: Int
  @usableFromInline let body: @MainActor (ViewState) -> Void

  init(id: Int, body: @escaping @MainActor (ViewState) -> Void) {
    self.id = id
    self.body = body
  }
}
