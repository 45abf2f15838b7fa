import IdentifiedCollections

extension Store where State: ObservableState {
  /// A store for each element of an identified array in state, the way a list view gets one per
  /// row: `ForEach(store.scope(\.rows, action: \.rows)) { RowView(store: $0) }`.
  ///
  /// The collection holds the elements as they are when it is made, and reading it is observed
  /// like reading the array: a view that read it is told when elements are added, removed or
  /// moved, and makes it again. Each element's store is scoped by the element's id
  /// (`\.[id: id]` on both sides), so it is the same store for as long as the element exists,
  /// observed per element, and its actions reach the parent as `.element(id:action:)`.
  ///
  /// Scoping a store that was itself scoped by closures is reported: its children cannot be
  /// cached.
  ///
  /// - Parameters:
  ///   - toElements: A key path to the identified array.
  ///   - toElementActions: A case key path to the elements' actions.
  ///   - fileID: The source `#fileID` of the scope, for the issue it may report.
  ///   - filePath: The source `#filePath` of the scope.
  ///   - line: The source `#line` of the scope.
  ///   - column: The source `#column` of the scope.
  @_disfavoredOverload
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    _ toElements: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action toElementActions: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some RandomAccessCollection<Store<ElementState, ElementAction>> {
    if !canCacheChildren {
      reportUncachedScope(fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return _StoreCollection(scope(state: toElements, action: toElementActions))
  }

  /// A store for each element of an identified array in state: the older spelling of
  /// ``scope(_:action:fileID:filePath:line:column:)->RandomAccessCollection<Store<ElementState,ElementAction>>``.
  @_disfavoredOverload
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    state toElements: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action toElementActions: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some RandomAccessCollection<Store<ElementState, ElementAction>> {
    scope(toElements, action: toElementActions, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The collection of element stores
/// ``Store/scope(_:action:fileID:filePath:line:column:)->RandomAccessCollection<Store<ElementState,ElementAction>>``
/// makes for an identified array.
/// Made and read on the main actor, as stores are.
public struct _StoreCollection<ID: Hashable & Sendable, State, Action>: RandomAccessCollection {
  private let store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>
  private let elements: IdentifiedArray<ID, State>

  @MainActor
  init(_ store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>) {
    self.store = store
    // NB: read observed, as reading the array is: the collection's reader hears of its changes.
    self.elements = store.state
  }

  /// The position of the first element.
  public var startIndex: Int { elements.startIndex }

  /// The position after the last element.
  public var endIndex: Int { elements.endIndex }

  /// The store of the element at `position`: scoped by its id, the same store while the element
  /// exists. An element removed since the collection was made gets a store of its last state
  /// that sends nowhere.
  public subscript(position: Int) -> Store<State, Action> {
    // NB: the elements are not `Sendable`; they are read on the main actor they were taken on.
    MainActor.assumeIsolated { [collection = UncheckedSendable(self)] in
      let (store, elements) = (collection.value.store, collection.value.elements)
      let id = elements.ids[position]
      // NB: Not the public scope, which would report an uncached store once per element: the
      //     collection's own scope reported it once.
      if let element = store._scope(\.[id: id], action: \.[id: id], embeddingWith: type(of: store)._embeddingSend) {
        return element
      }
      return Store(initialState: elements[position]) { EmptyReducer() }
    }
  }
}
