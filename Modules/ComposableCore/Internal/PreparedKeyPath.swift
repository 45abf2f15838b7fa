/// A writable key path into state, resolved once, when a reducer is prepared: to the member's
/// own accessors where `@ObservableState` generated them, to the value's offset in the root
/// where the path names stored properties alone.
///
/// Reading and writing through it behave as the key path does: a member with accessors is read
/// with its getter, written with its setter, and modified in place through its `_modify`; a
/// stored value is read, written and modified where it lies; any other path is the key path.
@usableFromInline
struct PreparedKeyPath<Root, Value> {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  @usableFromInline let accessor: _StateAccessor<Root, Value>?
  /// Where the value lies in the root, for a path of stored properties alone
  /// (`MemoryLayout.offset(of:)`) that no accessors were found for.
  ///
  /// NB: The standard library projects such a path by walking its components at every access;
  ///     the offset is the address it arrives at.
  @usableFromInline let storedOffset: Int?

  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.accessor = resolveAccessor(keyPath)
    self.storedOffset = accessor == nil ? MemoryLayout<Root>.offset(of: keyPath) : nil
  }

  /// The key path alone, not looked up: for a reducer built to run once, whose lookup would
  /// cost more than the key path.
  @inlinable
  init(unresolved keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.accessor = nil
    self.storedOffset = nil
  }

  /// The value at the path in `root`, for the reducers' own bookkeeping: a member with
  /// accessors is read without noting the read for observation (``_StateAccessor/peek``).
  @inlinable
  func get(_ root: Root) -> Value {
    if let accessor { return accessor.peek(root) }
    if let storedOffset {
      return withUnsafePointer(to: root) { member(at: storedOffset, in: $0).pointee }
    }
    return root[keyPath: keyPath]
  }

  /// Writes `value` at the path in `root`.
  @inlinable
  func set(_ root: inout Root, _ value: Value) {
    if let accessor { return accessor.set(&root, value) }
    if let storedOffset {
      return withUnsafeMutablePointer(to: &root) { member(at: storedOffset, in: $0).pointee = value }
    }
    root[keyPath: keyPath] = value
  }

  /// Runs `body` on the value at the path in `root`: in place through the member's `_modify`
  /// where it has accessors, in place where the value is stored, and otherwise through the key
  /// path's own write-back (the getter's value, written with the setter once `body` returns).
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    if let accessor {
      var result: Result?
      accessor.modify(&root) { result = body(&$0) }
      return result!
    }
    if let storedOffset {
      return withUnsafeMutablePointer(to: &root) { body(&member(at: storedOffset, in: $0).pointee) }
    }
    return body(&root[keyPath: keyPath])
  }

  /// The stored value `offset` bytes into the root at `root`.
  @inlinable
  func member(at offset: Int, in root: UnsafePointer<Root>) -> UnsafePointer<Value> {
    UnsafeRawPointer(root).advanced(by: offset).assumingMemoryBound(to: Value.self)
  }

  /// The stored value `offset` bytes into the root at `root`, to change.
  @inlinable
  func member(at offset: Int, in root: UnsafeMutablePointer<Root>) -> UnsafeMutablePointer<Value> {
    UnsafeMutableRawPointer(root).advanced(by: offset).assumingMemoryBound(to: Value.self)
  }
}

/// The accessors `@ObservableState` generated for the member at `keyPath`, if `Root` is
/// observable state and the path names one of its tracked members.
@usableFromInline
func resolveAccessor<Root, Value>(
  _ keyPath: KeyPath<Root, Value>
) -> _StateAccessor<Root, Value>? {
  guard let root = Root.self as? any ObservableState.Type else { return nil }
  return root._$accessor(for: keyPath) as? _StateAccessor<Root, Value>
}

/// A read of the value at `keyPath`, resolved once, for a view that reads a child's state at
/// every command and frame: through the getter `@ObservableState` generated for the member,
/// where there is one, which notes the read for observation as the key path does, without the
/// standard library's projection of a key path into a computed property (a box of the root and
/// generic metadata looked up at every read); through the key path otherwise.
@_spi(Internals)
public func _preparedRead<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> (Root) -> Value {
  resolveAccessor(keyPath)?.get ?? { $0[keyPath: keyPath] }
}
