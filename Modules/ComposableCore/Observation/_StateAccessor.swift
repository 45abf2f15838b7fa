/// The accessors of one member of a state, as `@ObservableState` writes them for each member it
/// tracks: its getter, a read of its storage that observation is not told of, its setter, and its
/// `_modify`.
///
/// ``Scope``, `ifLet` and `forEach` call them where they would otherwise project a key path at
/// run time. A key path into a member with accessors reads it with the getter and writes it back
/// with the setter, by way of a write-back buffer the runtime allocates for every write; and the
/// copy it modifies meanwhile shares its storage with the member, so every collection in the
/// member is copied whole at its first change. `modify` changes the member where it lies.
public struct _StateAccessor<Root, Value> {
  /// Reads the member, as its getter does.
  public let get: (Root) -> Value
  /// Reads the member without noting the read for observation: what the reducers' own
  /// bookkeeping reads (whether `ifLet`'s child is there, what a presentation presents) is not a
  /// read of the state that anything should be told about.
  public let peek: (Root) -> Value
  /// Writes the member, as its setter does.
  public let set: (inout Root, Value) -> Void
  /// Runs its second argument on the member of its first, in place, as `_modify` does.
  public let modify: (inout Root, (inout Value) -> Void) -> Void

  /// An accessor calling `get`, `peek`, `set` and `modify`.
  public init(
    get: @escaping (Root) -> Value,
    peek: @escaping (Root) -> Value,
    set: @escaping (inout Root, Value) -> Void,
    modify: @escaping (inout Root, (inout Value) -> Void) -> Void
  ) {
    self.get = get
    self.peek = peek
    self.set = set
    self.modify = modify
  }

  /// An accessor calling `get`, `set` and `modify`, whose reads are all noted.
  public init(
    get: @escaping (Root) -> Value,
    set: @escaping (inout Root, Value) -> Void,
    modify: @escaping (inout Root, (inout Value) -> Void) -> Void
  ) {
    self.init(get: get, peek: get, set: set, modify: modify)
  }

  /// An accessor calling `get` and `set`, which modifies a copy of the member and writes it back.
  public init(get: @escaping (Root) -> Value, set: @escaping (inout Root, Value) -> Void) {
    self.init(get: get, set: set) { root, body in
      var value = get(root)
      body(&value)
      set(&root, value)
    }
  }
}
