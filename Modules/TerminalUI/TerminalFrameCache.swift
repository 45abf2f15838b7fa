import ChangeTracking
import ComposableCore

/// The frames a program drew last, one per view of its view tree, each kept until something it
/// read has changed: a redraw after a change to one feature makes that feature's frame alone,
/// and a redraw after a change to none makes nothing.
///
/// A feature's frame notes what it reads, as SwiftUI's observation notes what a view's body
/// reads: the members of its `@ObservableState` state, the store's state it is scoped from, the
/// shared values it reads. The frame is current while none of them has announced a change since;
/// asking costs a load per value read, whatever the state holds: a list of a million rows is not
/// compared, and a redraw after a change elsewhere reads none of it. A composed view's frame is
/// current while its children's are, and it asks again only the children whose frames are not:
/// the others' are kept without their state being read.
///
/// A frame is also made again for another style, or for state with another identity (a state
/// replaced by a new one; see `ObservableStateID`). The writes to state that is not
/// `@ObservableState` announce nothing: its frame is kept only until the next send
/// (``markUntrackedFramesStale()``), as TCA observes only observable state.
public final class TerminalFrameCache {
  private struct Kept {
    /// Whether the frame was made from `@ObservableState` state, whose writes are announced.
    var isObserved: Bool
    var style: TextStyle
    /// The frame's lines.
    var lines: [String]
    /// The frame, in a ``KeptFrame`` of the view's action, when it pushes a screen or asks a
    /// question; `nil` when its lines are all it has, which a composed view then takes without
    /// the frame's type (see ``keptLines(style:)``), and which are kept without a box of it
    /// (making one looks up the box's type's metadata).
    var full: AnyObject?
    /// What a view's own frame read; `nil` for a composed frame, current while its children's
    /// are.
    var reads: ReadRecord?
  }

  private var kept: Kept? {
    didSet {
      let (was, now) = (oldValue.map { !$0.isObserved } ?? false, kept.map { !$0.isObserved } ?? false)
      if was != now { census.unobserved += now ? 1 : -1 }
    }
  }
  private var children: [TerminalFrameCache] = []
  /// What the caches of one tree count together.
  private let census: Census
  /// Whether the kept frame must be made again whatever it read: its state is not observable
  /// and a send happened, or the state was replaced.
  private var isMarked = false
  /// The identity of the state last handed to ``frame(for:style:make:)`` or a view's
  /// `frame(for:style:cache:)` here.
  private var noted: ObservableStateID?
  /// How many frames a view made here rather than keeping them (a composed view's, which puts
  /// its children's together, are not counted).
  public private(set) var made = 0

  /// An empty cache.
  public init() {
    census = Census()
  }

  private init(census: Census) {
    self.census = census
  }

  /// The cache of the child view at `position` of a composed view.
  public func child(_ position: Int) -> TerminalFrameCache {
    while children.count <= position { children.append(TerminalFrameCache(census: census)) }
    return children[position]
  }

  /// Frames made here and by every child, for tests and benchmarks.
  public var madeInAll: Int {
    made + children.reduce(0) { $0 + $1.madeInAll }
  }

  /// Marks stale the kept frames, here and in every child, of state that is not
  /// `@ObservableState`, whose writes announce nothing: a program calls it after every send.
  ///
  /// - Returns: Whether there were any.
  @discardableResult
  public func markUntrackedFramesStale() -> Bool {
    guard census.unobserved > 0, let kept else { return false }
    if !kept.isObserved {
      // NB: A composed frame of such state marks every frame below it: the writes that replace
      //     a child's state announce nothing either.
      markAll()
      return true
    }
    var marked = false
    for child in children where child.markUntrackedFramesStale() { marked = true }
    return marked
  }

  /// The frame kept for `state` and `style` while nothing it read has changed and `state` has
  /// the identity of the state it was made from, or a new one from `make`, its reads noted.
  public func frame<State, Action>(
    for state: State,
    style: TextStyle,
    make: () -> TerminalFrame<Action>
  ) -> TerminalFrame<Action> {
    noteState(identity: Self.identity(of: state))
    return frame(reading: { state }, style: style) { _ in make() }
  }

  /// The frame kept for `style` while nothing it read has changed, or a new one that `make`
  /// makes of the state `state` reads, the reads of both noted: a view's frame, its state read
  /// only when it is made again.
  func frame<State, Action>(
    reading state: () -> State,
    style: TextStyle,
    make: (State) -> TerminalFrame<Action>
  ) -> TerminalFrame<Action> {
    if let frame: TerminalFrame<Action> = keptFrame(style: style) { return frame }
    made += 1
    isMarked = false
    let (frame, reads) = ReadRecord.recording { make(state()) }
    let isObserved = kept?.isObserved ?? (State.self is any ObservableState.Type)
    kept = Kept(isObserved: isObserved, style: style, lines: frame.lines, full: Self.full(frame), reads: reads)
    return frame
  }

  /// A composed view's frame, put together again from its children's: asking each child for
  /// its frame checks whether it is current, so checking the children first would check them
  /// twice.
  func recomposedFrame<State, Action>(
    of _: State.Type,
    style: TextStyle,
    make: () -> TerminalFrame<Action>
  ) -> TerminalFrame<Action> {
    isMarked = false
    let frame = make()
    let isObserved = kept?.isObserved ?? (State.self is any ObservableState.Type)
    kept = Kept(isObserved: isObserved, style: style, lines: frame.lines, full: Self.full(frame), reads: nil)
    return frame
  }

  /// The frame kept here, if it was made for `style` and is current: `nil` when it must be
  /// asked for again.
  func keptFrame<Action>(style: TextStyle) -> TerminalFrame<Action>? {
    guard let kept, kept.style == style, isCurrent else { return nil }
    guard let full = kept.full else { return TerminalFrame(lines: kept.lines, screen: nil, question: nil) }
    return (full as? KeptFrame<Action>)?.frame
  }

  /// The lines of the frame kept here, if it was made for `style`, is current, and pushes no
  /// screen and asks no question: what a composed view takes of most of its children, without
  /// the frame's type.
  func keptLines(style: TextStyle) -> [String]? {
    guard let kept, kept.full == nil, kept.style == style, isCurrent else { return nil }
    return kept.lines
  }

  /// The frame in a box, if it has more than lines.
  private static func full<Action>(_ frame: TerminalFrame<Action>) -> AnyObject? {
    frame.screen == nil && frame.question == nil ? nil : KeptFrame(frame)
  }

  /// Notes the identity of the state a frame is asked for here: another than the one noted
  /// before (a state replaced by another, not changed) marks every frame here and below stale.
  func noteState(identity: ObservableStateID?) {
    guard identity != noted else { return }
    noted = identity
    markAll()
  }

  /// The identity of `state`, or `nil` for state that is not `@ObservableState`.
  static func identity<State>(of state: State) -> ObservableStateID? {
    (state as? any ObservableState)?._$id
  }

  /// Whether the frame kept here is current: not marked and, for a view's own frame, nothing it
  /// read has changed since; for a composed one, every child's is current.
  private var isCurrent: Bool {
    guard let kept, !isMarked else { return false }
    if let reads = kept.reads { return !reads.hasChanged }
    for child in children where !child.isCurrent { return false }
    return true
  }

  private func markAll() {
    isMarked = true
    for child in children { child.markAll() }
  }
}

/// What the caches of one tree count together.
private final class Census {
  /// How many keep a frame of state that is not observable.
  var unobserved = 0
}

/// A frame kept by a ``TerminalFrameCache``.
private final class KeptFrame<Action> {
  let frame: TerminalFrame<Action>

  init(_ frame: TerminalFrame<Action>) {
    self.frame = frame
  }
}
