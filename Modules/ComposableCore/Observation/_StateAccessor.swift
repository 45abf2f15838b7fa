/// The getter and setter of one member of a state, as `@ObservableState` writes them for each
/// member it tracks.
///
/// ``Scope`` and `ifLet` call them where they would otherwise project a key path at run time: a
/// key path into a member with accessors goes through the same getter and setter, by way of a
/// write-back buffer the runtime allocates for every write.
public struct _StateAccessor<Root, Value> {
  /// Reads the member, as its getter does.
  public let get: (Root) -> Value
  /// Writes the member, as its setter does.
  public let set: (inout Root, Value) -> Void

  /// An accessor calling `get` and `set`.
  public init(get: @escaping (Root) -> Value, set: @escaping (inout Root, Value) -> Void) {
    self.get = get
    self.set = set
  }
}
