@_spi(Reflection) import CasePaths
import CustomDump
import Dependencies
import IssueReporting
import Locking
import OrderedCollections

/// The screens of a navigation stack, bottom first, each with the ``StackElementID`` it was
/// pushed with.
///
/// A parent holds `var path = StackState<Path.State>()` and integrates the screens with
/// ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``:
/// `.forEach(\.path, action: \.path) { Path() }`. Appending pushes a screen; removing pops it
/// and cancels its effects. It is a collection of the screens' states.
public struct StackState<Element> {
  @usableFromInline var elements: OrderedDictionary<StackElementID, Element>

  /// The ids `forEach` last saw, whose screens' effects it runs: another reducer may since have
  /// popped some, and `forEach` cancels their effects when it next runs. Not part of the value:
  /// equality, hashing, coding and dumps ignore it.
  @usableFromInline var mountedIDs: OrderedSet<StackElementID> = []

  /// The ids of the screens, bottom first.
  public var ids: OrderedSet<StackElementID> {
    elements.keys
  }

  /// The screen with `id`, or `nil` when the stack has none. Setting an id the stack does
  /// not hold is reported, outside tests, and changes nothing; setting `nil` pops that screen
  /// alone.
  // NB: Inlinable, so that a screen's reducer reaches its screen specialized for the screens'
  //     type: unspecialized, the ordered dictionary's keyed modification looked up its generic
  //     metadata at every action.
  @inlinable
  public subscript(
    id id: StackElementID
  ) -> Element? {
    get { elements[id] }
    set {
      switch (elements[id] != nil, newValue) {
      case (true, _):
        elements[id] = newValue
      case (false, .some(let element)):
        assignMissing(element, id: id)
      case (false, .none):
        break
      }
    }
    // NB: In place, so a screen's reducer changes the screen where it lies.
    _modify {
      if elements.index(forKey: id) != nil {
        yield &elements[id]
      } else {
        var element: Element?
        yield &element
        self[id: id] = element
      }
    }
  }

  /// Sets a screen at an id the stack does not hold: in a test, as a test's expected state
  /// spells a push; otherwise reported, and nothing changes.
  @usableFromInline
  mutating func assignMissing(_ element: Element, id: StackElementID) {
    if isTesting {
      elements[id] = element
    } else {
      reportIssue(
        "Can't assign element at missing ID."
      )
    }
  }

  /// The screen with `id` in one case of enum state, or `nil`. Setting it while the screen is
  /// in another case is reported and changes nothing.
  public subscript<Case>(
    id id: StackElementID,
    case path: CaseKeyPath<Element, Case>
  ) -> Case? where Element: CasePathable {
    get { elements[id].flatMap { $0[case: path] } }
    set {
      guard let current = elements[id], current[case: path] != nil else {
        let name = elements[id].flatMap { stackCaseName(of: $0) }
        reportIssue(
          "Can't modify unrelated case\(name.map { " \($0.debugDescription)" } ?? "")"
        )
        return
      }
      elements[id] = newValue.map { path($0) }
    }
  }

  /// Pops the screen with `id` and every screen above it.
  public mutating func pop(from id: StackElementID) {
    guard let index = ids.firstIndex(of: id) else { return }
    removeSubrange(index...)
  }

  /// Pops every screen above the one with `id`.
  public mutating func pop(to id: StackElementID) {
    guard let index = ids.firstIndex(of: id) else { return }
    removeSubrange((index + 1)...)
  }
}

private func stackCaseName<Root>(of value: Root) -> String? {
  guard let metadata = EnumMetadata(Root.self) else { return nil }
  return metadata.caseName(forTag: metadata.tag(of: value))
}

extension StackState: RandomAccessCollection, RangeReplaceableCollection, MutableCollection {
  /// The position of the bottom screen.
  public var startIndex: Int { elements.values.startIndex }

  /// The position after the top screen.
  public var endIndex: Int { elements.values.endIndex }

  /// The position after `i`.
  public func index(after i: Int) -> Int { i + 1 }

  /// The position before `i`.
  public func index(before i: Int) -> Int { i - 1 }

  /// The screen at `position`, from the bottom.
  public subscript(position: Int) -> Element {
    get { elements.values[position] }
    set { elements.values[position] = newValue }
  }

  /// An empty stack.
  public init() {
    elements = [:]
  }

  /// Pops every screen.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    elements.removeAll(keepingCapacity: keepCapacity)
  }

  /// Replaces screens; each new screen gets the next id.
  public mutating func replaceSubrange(
    _ subrange: Range<Int>,
    with newElements: some Collection<Element>
  ) {
    elements.removeSubrange(subrange)
    @Dependency(\.stackElementID) var stackElementID
    for (offset, element) in zip(subrange.lowerBound..., newElements) {
      elements.updateValue(element, forKey: stackElementID.next(), insertingAt: offset)
    }
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Whether both hold the same screens under the same ids, in order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the ids and screens.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Decodable where Element: Decodable {
  /// Decodes an array of screens; each gets the next id.
  public init(from decoder: any Decoder) throws {
    self.init(try [Element](from: decoder))
  }
}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the screens as an array, without their ids.
  public func encode(to encoder: any Encoder) throws {
    try Array(self).encode(to: encoder)
  }
}

extension StackState: CustomStringConvertible {
  /// The screens, as an array prints.
  public var description: String {
    Array(elements.values).description
  }
}

extension StackState: CustomDumpReflectable {
  /// Dumps as a dictionary from id (`#0`) to screen.
  public var customDumpMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(zip(ids, self)), displayStyle: .dictionary)
  }
}

/// Identifies an element of a ``StackState``: given when the element is pushed, never reused.
///
/// The store numbers elements from 0, one generation per push; in tests a test store starts
/// from 0 too, so a test names elements by integer literal: `store.send(\.path[id: 0].save)`.
public struct StackElementID: Hashable, Sendable, Comparable {
  /// The element's number, in push order.
  package var generation: Int

  package init(generation: Int) {
    self.generation = generation
  }

  /// Orders elements by when they were pushed.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.generation < rhs.generation
  }
}

extension StackElementID: CustomDebugStringConvertible {
  /// `#` and the element's number: `#0`.
  public var debugDescription: String {
    "#\(generation)"
  }
}

extension StackElementID: CustomDumpStringConvertible {
  /// As ``debugDescription``: `#0`.
  public var customDumpDescription: String {
    debugDescription
  }
}

extension StackElementID: ExpressibleByIntegerLiteral {
  /// An id by number, for tests only: outside a test it stops the program, since ids are the
  /// store's to give.
  public init(integerLiteral value: Int) {
    if !isTesting {
      fatalError(
        """
        Stack element IDs can be written as integer literals in tests only. Outside tests, use \
        the ids of the stack's "ids" or of a "StackAction".
        """
      )
    }
    self.init(generation: value)
  }
}

/// Gives ``StackElementID``s in order, from 0: the next one with ``next()``, a look at it
/// with ``peek()``.
package struct StackElementIDGenerator: Sendable {
  package let next: @Sendable () -> StackElementID
  package let peek: @Sendable () -> StackElementID

  /// A generator starting at `generation`.
  package static func incrementing(from generation: Int = 0) -> Self {
    let counter = Counter(generation)
    return Self(
      next: {
        counter.value.withLock { value in
          defer { value += 1 }
          return StackElementID(generation: value)
        }
      },
      peek: { StackElementID(generation: counter.value.withLock { $0 }) }
    )
  }

  /// A new generator that starts where this one stands, and counts on its own.
  package func incrementingCopy() -> Self {
    .incrementing(from: peek().generation)
  }
}

/// The next generation a generator gives.
private final class Counter: Sendable {
  let value: Lock<Int>
  init(_ value: Int) { self.value = Lock(value) }
}

extension StackElementIDGenerator: DependencyKey {
  package static var liveValue: Self { .incrementing() }
  package static var testValue: Self { .incrementing() }
}

extension DependencyValues {
  /// Where ``StackState`` takes the ids of the elements it appends.
  package var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGenerator.self] }
    set { self[StackElementIDGenerator.self] = newValue }
  }
}
