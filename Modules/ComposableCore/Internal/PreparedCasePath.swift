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
/// `allCasePaths` (or a presentation's `presented` or `dismiss`). A path two cases deep that is
/// one of them followed by one of its payload's goes a level at a time, each level sorted by
/// tag (``ComposedCasePath``). That check instantiates every case's key path (about two microseconds
/// each), so it waits until the path has been used a few times: a reducer called once, outside
/// a store, never pays for it. Not `Sendable`: a store's prepared reducer runs on one actor.
/// Inlinable, with the rest of a prepared reducer, so that it is specialized for the feature's
/// types where the feature is compiled. Its mutable properties are unchecked for exclusivity:
/// they are read on every action, and each access lasts one statement, never across a call that
/// could come back to this path.
@usableFromInline
final class PreparedCasePath<Root, Value> {
  @usableFromInline let keyPath: CaseKeyPath<Root, Value>
  /// The general path, made once.
  @usableFromInline let path: AnyCasePath<Root, Value>
  /// The enum's metadata, whose tags sort roots once the path is known to be to one of the
  /// enum's own cases; `nil` before, or for any other path.
  @exclusivity(unchecked) @usableFromInline var tagMetadata: UnsafeRawPointer?
  /// What each tag says of a root, once a root with it has been extracted.
  @exclusivity(unchecked) @usableFromInline var verdicts: [CaseVerdict] = []
  /// Reads the case's payload straight from a root, once the case's tag is known.
  @exclusivity(unchecked) @usableFromInline var payload: EnumPayloadReader<Root, Value>?
  /// For a path two cases deep that is one of the root's own cases followed by one of its
  /// payload's, the two levels, each sorted by tag, once the path has been analysed.
  @exclusivity(unchecked) @usableFromInline var composed: ComposedCasePath<Root, Value>?
  /// For the path to a presented child's actions (`\.child.presented`, one of the root's own
  /// cases followed by its presentation's `presented`), the path to the presentation's case,
  /// sorted by tag, once the path has been analysed.
  ///
  /// NB: Kept apart from ``composed``, whose middle level is a type found at run time and so
  ///     runs unspecialized: here the middle is `PresentationAction<Value>`, known where the path
  ///     is used, and both levels run specialized (the `indirect` case's box too, whose metadata
  ///     an unspecialized path looks up in the runtime's cache at every embedding).
  @exclusivity(unchecked) @usableFromInline var presentation: PreparedCasePath<Root, PresentationAction<Value>>?
  /// Extractions made before the path was analysed; `nil` once it has been.
  @exclusivity(unchecked) @usableFromInline var usesBeforeAnalysis: Int? = 0

  /// How many extractions go through the general path before the path is analysed.
  @usableFromInline
  static var usesBeforeAnalysing: Int { 3 }

  @usableFromInline
  init(_ keyPath: CaseKeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.path = AnyCasePath(keyPath)
  }

  /// The value of the path's case in `root`, or `nil` when `root` is in another case.
  @inlinable
  func extract(from root: Root) -> Value? {
    guard let tagMetadata else {
      if let presentation {
        guard case .presented(let value)? = presentation.extract(from: root) else { return nil }
        return value
      }
      if let composed { return composed.extract(root) }
      countUseBeforeAnalysis()
      return path.extract(from: root)
    }
    let index = Int(withUnsafePointer(to: root) { enumTag(at: $0, metadata: tagMetadata) })
    let verdict = index < verdicts.count ? verdicts[index] : .unknown
    if verdict == .otherCase { return nil }
    if verdict == .thisCase, let payload { return payload.payload(of: root) }
    let value = path.extract(from: root)
    if verdict == .unknown { record(value == nil ? .otherCase : .thisCase, at: index) }
    return value
  }

  /// The root holding `value` in the path's case: once the path is known to be one of its
  /// enum's own cases and its tag has been seen, built straight in the enum's storage.
  @inlinable
  func embed(_ value: Value) -> Root {
    if let payload, payload.buildsRoots { return payload.root(holding: value) }
    if tagMetadata == nil {
      if let presentation { return presentation.embed(.presented(value)) }
      if let composed { return composed.embed(value) }
      countUseBeforeAnalysis()
    }
    let root = path.embed(value)
    // NB: A path to one of the enum's own cases embeds in that case: the root's tag is its own.
    if let tagMetadata, payload == nil {
      let index = Int(withUnsafePointer(to: root) { enumTag(at: $0, metadata: tagMetadata) })
      if index >= verdicts.count || verdicts[index] != .thisCase { record(.thisCase, at: index) }
    }
    return root
  }

  /// Counts a use through the general path, and analyses the path once it has had enough.
  @inlinable
  func countUseBeforeAnalysis() {
    guard let uses = usesBeforeAnalysis else { return }
    if uses + 1 < Self.usesBeforeAnalysing { usesBeforeAnalysis = uses + 1 } else { analyse() }
  }

  @usableFromInline
  func record(_ verdict: CaseVerdict, at index: Int) {
    if verdicts.count <= index {
      verdicts.append(contentsOf: repeatElement(.unknown, count: index + 1 - verdicts.count))
    }
    verdicts[index] = verdict
    if verdict == .thisCase { payload = EnumPayloadReader(tag: UInt32(index)) }
  }

  /// Sorts by tag from now on when the path is one of its enum root's own cases, or goes a
  /// level at a time, each sorted by tag, when it is one of them followed by one of its
  /// payload's (``ComposedCasePath``).
  @usableFromInline
  func analyse() {
    usesBeforeAnalysis = nil
    guard EnumMetadata(Root.self) != nil else { return }
    let rootCases = ownCasePaths(of: Root.self)
    if rootCases.contains(keyPath) {
      sortByTag()
    } else if let presentation = presentationLevel(rootCases: rootCases) {
      self.presentation = presentation
    } else {
      composed = ComposedCasePath.find(keyPath, rootCases: rootCases)
    }
  }

  /// The path to the presentation's case, sorted by tag, when the path is one of the root's own
  /// cases (`rootCases`) followed by its presentation's `presented`.
  func presentationLevel(rootCases: [AnyKeyPath]) -> PreparedCasePath<Root, PresentationAction<Value>>? {
    for outer in rootCases {
      // NB: The presentation's `presented` path is the first of its own case paths, listed once
      //     per type: a key path literal of a generic type is instantiated anew at every use,
      //     its types found by their mangled names.
      guard
        let outer = outer as? CaseKeyPath<Root, PresentationAction<Value>>,
        (outer as AnyKeyPath).appending(path: ownCasePaths(of: PresentationAction<Value>.self)[0]) == keyPath
      else { continue }
      let path = PreparedCasePath<Root, PresentationAction<Value>>(outer)
      path.sortByTag()
      return path
    }
    return nil
  }

  /// Sorts by tag from now on, without analysing the path: for a path already known to be one
  /// of its enum root's own cases.
  func sortByTag() {
    usesBeforeAnalysis = nil
    guard EnumMetadata(Root.self) != nil else { return }
    tagMetadata = unsafeBitCast(Root.self as Any.Type, to: UnsafeRawPointer.self)
  }

  /// Whether extraction now sorts roots by tag (for tests).
  var isSortingByTag: Bool {
    tagMetadata != nil
  }

  /// Whether the path now goes a level at a time (for tests).
  var isComposed: Bool {
    composed != nil
  }

  /// Whether the path is now known to be a presented child's, each level sorted by tag (for
  /// tests).
  var isPresentedChildsPath: Bool {
    presentation?.isSortingByTag == true
  }
}

/// What an enum tag says of the values with it, for a ``PreparedCasePath``.
@usableFromInline
enum CaseVerdict: UInt8 {
  case unknown, thisCase, otherCase
}

/// The embedding of `keyPath`'s case, made ready for the many embeddings of a view that sends
/// a child's actions, as a prepared reducer's are: once the path has been used a few times
/// and is known to be one of its enum's own cases, a value is stored straight into the enum,
/// where `AnyCasePath(keyPath).embed` goes through `Case<Root>`, the root's `AllCasePaths` and
/// an `Any` box at every call.
///
/// Not `Sendable`, as the prepared path it holds: for a view on one actor.
@_spi(Internals)
public func _preparedEmbedding<Root, Value>(_ keyPath: CaseKeyPath<Root, Value>) -> (Value) -> Root {
  let path = PreparedCasePath(keyPath)
  return { path.embed($0) }
}
