import CasePaths

/// A case key path that extracts and embeds through an `AnyCasePath`, so that the operators
/// TCA deprecated for taking one run on this core's case-key-path implementations.
///
/// NB: A key path's subscript arguments must be `Hashable`; a case path is not, so it is held in
///     a box compared by identity. Two case key paths made from one case path are different
///     paths: a store scoped through one is not cached under the other.
func caseKeyPath<Root, Value>(_ path: AnyCasePath<Root, Value>) -> CaseKeyPath<Root, Value> {
  \Case<Root>.[casePath: CasePathBox(path)]
}

/// An `AnyCasePath` usable as a key path's subscript argument: equal only to itself.
final class CasePathBox<Root, Value>: Hashable, Sendable {
  let path: AnyCasePath<Root, Value>

  init(_ path: AnyCasePath<Root, Value>) {
    self.path = path
  }

  static func == (lhs: CasePathBox, rhs: CasePathBox) -> Bool {
    lhs === rhs
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

extension Case {
  /// The case `box`'s path extracts from this case's value.
  subscript<AppendedValue>(casePath box: CasePathBox<Value, AppendedValue>) -> Case<AppendedValue> {
    let path = box.path
    return Case<AppendedValue>(
      embed: { self._embed(path.embed($0)) },
      extract: { (root: Any) in self._extract(from: root).flatMap(path.extract(from:)) }
    )
  }
}
