@_spi(Reflection) import CasePaths

/// A case key path made ready for the many extractions a prepared reducer makes: the
/// `AnyCasePath` made once, and, for a path to one case of an enum, the enum's tags sorted into
/// "this case" and "another case" as they are seen, so that an action of another case is turned
/// away by its tag alone.
///
/// Extracting through a case key path goes through `Case<Root>` and the root's `AllCasePaths`
/// for every value, about half a microsecond; reading a tag costs a few nanoseconds. Most
/// actions that reach a `Scope` or an `ifLet` are not its child's, so most extractions end at
/// the tag.
///
/// NB: Sorting tags is sound only for a path of one case (`\.child`, not `\.child.grandchild`,
/// which can fail for a value of the right case): the path must be one of the root's own
/// `allCasePaths`. That check instantiates every case's key path (about two microseconds
/// each), so it waits until the path has been used a few times: a reducer called once, outside
/// a store, never pays for it. Not `Sendable`: a store's prepared reducer runs on one actor.
@usableFromInline
final class PreparedCasePath<Root, Value> {
  /// What extraction does.
  fileprivate enum Strategy {
    /// Through the general path, counting uses until the path is worth analysing.
    case undecided(uses: Int)
    /// Through the general path always: not a path to one case of an enum.
    case general
    /// By tag first: the path is to one case of this enum.
    case byTag(EnumMetadata)
  }

  /// What a tag says of a value, once one value with it has been extracted.
  private enum Verdict: UInt8 {
    case unknown, thisCase, otherCase
  }

  /// Uses before the path is analysed.
  private static var usesBeforeAnalysis: Int { 3 }

  let keyPath: CaseKeyPath<Root, Value>
  /// The general path, made once.
  let path: AnyCasePath<Root, Value>
  fileprivate var strategy = Strategy.undecided(uses: 0)
  private var verdicts: [Verdict] = []

  @usableFromInline
  init(_ keyPath: CaseKeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.path = AnyCasePath(keyPath)
  }

  /// The value of the path's case in `root`, or `nil` when `root` is in another case.
  func extract(from root: Root) -> Value? {
    switch strategy {
    case .byTag(let metadata):
      let tag = Int(metadata.tag(of: root))
      let verdict = tag < verdicts.count ? verdicts[tag] : .unknown
      if verdict == .otherCase { return nil }
      let value = path.extract(from: root)
      if verdict == .unknown { record(value == nil ? .otherCase : .thisCase, for: tag) }
      return value
    case .general:
      return path.extract(from: root)
    case .undecided(let uses):
      strategy = uses + 1 < Self.usesBeforeAnalysis ? .undecided(uses: uses + 1) : analysed()
      return path.extract(from: root)
    }
  }

  /// The root holding `value` in the path's case.
  func embed(_ value: Value) -> Root {
    path.embed(value)
  }

  private func record(_ verdict: Verdict, for tag: Int) {
    if verdicts.count <= tag {
      verdicts.append(contentsOf: repeatElement(.unknown, count: tag + 1 - verdicts.count))
    }
    verdicts[tag] = verdict
  }

  /// How to extract from now on: by tag when the path is one of its enum root's own cases.
  private func analysed() -> Strategy {
    guard
      let metadata = EnumMetadata(Root.self),
      let iterable = Root.self as? any CasePathIterable.Type,
      isOwnCase(keyPath, of: iterable)
    else { return .general }
    return .byTag(metadata)
  }
}

/// Whether `keyPath` is one of `Root`'s own case key paths.
private func isOwnCase<Root: CasePathIterable>(_ keyPath: AnyKeyPath, of _: Root.Type) -> Bool {
  Root.allCasePaths.contains { $0 == keyPath }
}

extension PreparedCasePath {
  /// Whether extraction now sorts values by tag (for tests).
  var isSortingByTag: Bool {
    if case .byTag = strategy { return true }
    return false
  }
}
