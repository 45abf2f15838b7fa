import CasePaths
import ConcurrencyExtras
import Locking

/// A case key path two cases deep, such as `\.child.presented`, found to be one of its root's
/// own cases followed by one of that case's payload's: embedded and extracted a level at a
/// time, each level a ``PreparedCasePath`` that sorts its enum's values by tag. Through the path
/// itself, every embedding builds `Case<Root>`, reads both levels' `AllCasePaths` through the
/// runtime's key-path projection and boxes the value in an `Any`.
///
/// NB: Found by comparing the path with each own case of the root appended with each own case
///     of its payload: two key paths are equal exactly when they go through the same members
///     with the same arguments. A path made otherwise (three cases deep, or through a payload's
///     dynamic member, as `\.destination.edit` reaches into a presentation) is not found, and
///     keeps the general path.
@usableFromInline
struct ComposedCasePath<Root, Value> {
  /// The root holding `value`, through both levels.
  @usableFromInline let embed: (Value) -> Root
  /// The value in the path's cases, or `nil` when either level is another case.
  @usableFromInline let extract: (Root) -> Value?

  /// The two levels of `keyPath`, when it is one of `Root`'s own cases (`rootCases`, from
  /// ``ownCasePaths(of:)``) followed by one of its payload's; `nil` for any other path.
  ///
  /// NB: Instantiates the case paths of every own case's payload that lists them, and appends
  ///     each to its case's: once per prepared path, and only for a path that is not one of
  ///     its root's own cases.
  static func find(_ keyPath: CaseKeyPath<Root, Value>, rootCases: [AnyKeyPath]) -> Self? {
    for outer in rootCases {
      guard let level = type(of: outer).valueType as? any CaseLevel.Type else { continue }
      if let found = level.composition(outer: outer, keyPath) { return found }
    }
    return nil
  }
}

/// `Case<Payload>`, opened for its payload: the value type of one of a root's own case paths.
private protocol CaseLevel {
  /// The two levels of `keyPath`, when `outer`, a path to this payload, followed by one of
  /// the payload's own cases, is `keyPath`.
  static func composition<Root, Leaf>(
    outer: AnyKeyPath,
    _ keyPath: CaseKeyPath<Root, Leaf>
  ) -> ComposedCasePath<Root, Leaf>?
}

extension Case: CaseLevel {
  fileprivate static func composition<Root, Leaf>(
    outer: AnyKeyPath,
    _ keyPath: CaseKeyPath<Root, Leaf>
  ) -> ComposedCasePath<Root, Leaf>? {
    guard let outer = outer as? CaseKeyPath<Root, Value> else { return nil }
    for inner in ownCasePaths(of: Value.self) {
      guard
        (outer as AnyKeyPath).appending(path: inner) == keyPath,
        let inner = inner as? CaseKeyPath<Value, Leaf>
      else { continue }
      // NB: Each level is one of its enum's own cases, found so above: sorted by tag from its
      //     first use, without its case paths instantiated again.
      let outerPath = PreparedCasePath(outer)
      outerPath.sortByTag()
      let innerPath = PreparedCasePath(inner)
      innerPath.sortByTag()
      return ComposedCasePath(
        embed: { outerPath.embed(innerPath.embed($0)) },
        extract: { outerPath.extract(from: $0).flatMap { innerPath.extract(from: $0) } }
      )
    }
    return nil
  }
}

/// The case paths of `Enum`'s own cases: its `allCasePaths` when it is `CasePathIterable`, a
/// presentation's `presented` and `dismiss`, and none for any other type.
///
/// NB: Listed once per type in the process (``OwnCasePaths``): the runtime instantiates each case's
///     key path, about two microseconds a case, and every prepared path of every store made
///     analyses its path against its root's cases.
func ownCasePaths<Enum>(of _: Enum.Type) -> [AnyKeyPath] {
  OwnCasePaths.of(Enum.self)
}

/// The own case paths of each enum listed so far, by type.
enum OwnCasePaths {
  private static let listed = Lock<[ObjectIdentifier: UncheckedSendable<[AnyKeyPath]>]>([:])

  /// `Enum`'s own case paths, listed at the first request for the type.
  static func of<Enum>(_: Enum.Type) -> [AnyKeyPath] {
    let type = ObjectIdentifier(Enum.self)
    if let paths = listed.withLock({ $0[type] }) { return paths.value }
    let paths = list(Enum.self)
    listed.withLock { $0[type] = UncheckedSendable(paths) }
    return paths
  }

  /// `Enum`'s own case paths, listed anew.
  static func list<Enum>(_: Enum.Type) -> [AnyKeyPath] {
    if let listing = Enum.self as? any OwnCasePathsListing.Type {
      return listing.ownCasePaths
    }
    guard let iterable = Enum.self as? any CasePathIterable.Type else { return [] }
    func paths<Iterable: CasePathIterable>(_: Iterable.Type) -> [AnyKeyPath] {
      Iterable.allCasePaths.map { $0 }
    }
    return paths(iterable)
  }
}

/// An enum of the library's own that lists its cases' paths without being `CasePathIterable`.
protocol OwnCasePathsListing {
  /// The case paths of the enum's own cases.
  static var ownCasePaths: [AnyKeyPath] { get }
}

extension PresentationAction: OwnCasePathsListing {
  /// `presented`, then `dismiss`: a parent's `\.child.presented` is its own case followed by one
  /// of these.
  static var ownCasePaths: [AnyKeyPath] {
    [\Case<Self>.presented, \Case<Self>.dismiss]
  }
}
