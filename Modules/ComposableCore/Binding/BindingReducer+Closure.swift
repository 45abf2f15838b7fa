extension BindingReducer {
  /// A reducer that applies the binding actions of a view action that `toViewAction` extracts
  /// from the feature's action: the form before case key paths, as in
  /// `BindingReducer(action: /Action.view)`.
  @_documentation(visibility: internal)
  @available(
    *,
    deprecated,
    message:
      "Use the version of this API that takes a case key path, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public init(action toViewAction: @escaping (_ action: Action) -> ViewAction?) {
    self.init(internal: toViewAction)
  }
}
