extension Shared {
  /// A read-only reference to a value computed from this one, kept current as it changes.
  ///
  /// ```swift
  /// let titleCount = $todos.read { $0.count }   // SharedReader<Int>
  /// ```
  public func read<Member: Sendable>(_ body: @escaping @Sendable (Value) -> Member) -> SharedReader<Member> {
    SharedReader(self).read(body)
  }
}

extension SharedReader {
  /// A read-only reference to a value computed from this one, kept current as it changes.
  public func read<Member: Sendable>(_ body: @escaping @Sendable (Value) -> Member) -> SharedReader<Member> {
    SharedReader<Member>(reference: MappedReference(base: reference, transform: body))
  }
}
