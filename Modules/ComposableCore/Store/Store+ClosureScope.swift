import ChangeTracking

extension Store {
  /// A store for a child feature, its state derived and its actions embedded by closures: the
  /// form before key paths and case key paths. Unlike
  /// ``scope(state:action:)->Store<ChildState,ChildAction>``, each call makes a new store, and
  /// so does each scope of that store, or of its children: none can be cached.
  @_documentation(visibility: internal)
  @available(
    *,
    deprecated,
    message:
      "Pass 'state' a key path to child state and 'action' a case key path to child action, instead. For more information see the following migration guide: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.5#Store-scoping-with-key-paths"
  )
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (_ state: State) -> ChildState,
    action fromChildAction: @escaping (_ childAction: ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      core: DerivedCore(parent: core, toState: toChildState), canCacheChildren: false
    ) { [sendToCore] in sendToCore(fromChildAction($0)) }
  }

  /// Reports a scope made from a store that cannot cache its children, at the scope's source.
  @usableFromInline
  func reportUncachedScope(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      .reportIssue(uncachedScopeMessage)
  }

  /// The issue a scope from a store scoped by closures reports.
  var uncachedScopeMessage: String {
    """
    Scoping from uncached '\(debugDescription)' is not compatible with observation.

    This can happen for one of two reasons:

    1. A parent view scopes on a store using transform functions, which has been \
    deprecated, instead of with key paths and case paths. Read the migration guide for 1.5 \
    to update these scopes: \
    https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.5

    2. A parent feature is using deprecated navigation APIs, such as 'IfLetStore', \
    'SwitchStore', 'ForEachStore', or any navigation view modifiers taking stores instead of \
    bindings. Read the migration guide for 1.7 to update those APIs: \
    https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7
    """
  }
}

/// A view onto a parent core through a function of its state, for a store scoped by closures:
/// reads apply the function to the parent's whole state.
@MainActor
final class DerivedCore<ParentState, ParentAction, State, Action>: Core {
  private let parent: any Core<ParentState, ParentAction>
  private let toState: (ParentState) -> State

  init(parent: any Core<ParentState, ParentAction>, toState: @escaping (ParentState) -> State) {
    self.parent = parent
    self.toState = toState
  }

  var state: State {
    toState(parent.state)
  }

  var observedState: State {
    toState(parent.observedState)
  }

  func state<Value>(at keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  func observedState<Value>(at keyPath: KeyPath<State, Value>) -> Value {
    observedState[keyPath: keyPath]
  }

  var effectCount: (tasks: Int, cancelIDs: Int) {
    parent.effectCount
  }

  var sendProcessing: SendProcessing {
    parent.sendProcessing
  }

  var isSending: Bool {
    parent.isSending
  }

  var isInvalid: Bool {
    parent.isInvalid
  }

  func addObserver(_ onChange: @escaping @MainActor () -> Void) -> Int {
    parent.addObserver(onChange)
  }

  func removeObserver(_ token: Int) {
    parent.removeObserver(token)
  }
}
