import ComposableCore
import Synchronization

/// The frames a program drew last, one per view of its view tree, each kept until observation
/// says something it read has changed: a redraw after a change to one feature makes that
/// feature's frame alone, and a redraw after a change to none makes nothing.
///
/// A feature's frame is made under observation tracking, as SwiftUI evaluates a view's body:
/// the members of its `@ObservableState` state and the shared values it reads are tracked, and
/// the first change to any of them marks the frame stale and calls the cache's `onChange`, from
/// whatever thread made the change. Keeping a frame then costs a flag's load, whatever the
/// state holds: a list of a million rows is not compared, and a redraw after a change elsewhere
/// reads none of it.
///
/// A frame is also made again for another style, or for state with another identity (a child
/// state replaced by a new one; see `ObservableStateID`). Observation cannot follow the writes
/// to state that is not `@ObservableState`: its frame is kept only until the next send
/// (``markUntrackedFramesStale()``), as TCA observes only observable state.
public final class TerminalFrameCache {
  private struct Kept {
    /// The identity of the state the frame was made from; `nil` for state that is not
    /// `@ObservableState`.
    var identity: ObservableStateID?
    var style: TextStyle
    var frame: Any
    var staleness: Staleness
  }

  private var kept: Kept?
  private var children: [TerminalFrameCache] = []
  private let onChange: @Sendable () -> Void
  /// How many frames were made here rather than kept.
  public private(set) var made = 0

  /// An empty cache; `onChange` is called, from the thread that made the change, when a change
  /// makes a kept frame here or in a child stale.
  public init(onChange: @escaping @Sendable () -> Void = {}) {
    self.onChange = onChange
  }

  /// The cache of the child view at `position` of a composed view.
  public func child(_ position: Int) -> TerminalFrameCache {
    while children.count <= position { children.append(TerminalFrameCache(onChange: onChange)) }
    return children[position]
  }

  /// Frames made here and by every child, for tests and benchmarks.
  public var madeInAll: Int {
    made + children.reduce(0) { $0 + $1.madeInAll }
  }

  /// Marks stale the kept frames, here and in every child, of state that is not
  /// `@ObservableState`, whose writes no observer hears of: a program calls it after every send.
  ///
  /// - Returns: Whether there were any.
  @discardableResult
  public func markUntrackedFramesStale() -> Bool {
    var marked = false
    if let kept, kept.identity == nil {
      kept.staleness.mark()
      marked = true
    }
    for child in children where child.markUntrackedFramesStale() { marked = true }
    return marked
  }

  /// The frame kept for `state` and `style` while nothing it read has changed, or a new one
  /// from `make`.
  public func frame<State, Action>(
    for state: State,
    style: TextStyle,
    make: () -> TerminalFrame<Action>
  ) -> TerminalFrame<Action> {
    let identity = (state as? any ObservableState)?._$id
    if let kept, kept.identity == identity, kept.style == style, !kept.staleness.isStale,
      let frame = kept.frame as? TerminalFrame<Action>
    {
      return frame
    }
    made += 1
    let staleness = Staleness()
    let onChange = onChange
    // NB: State that is not observable is still tracked: the shared values it reads announce
    //     their changes, another process's included.
    let frame = withChangeTracking(make) {
      staleness.mark()
      onChange()
    }
    kept = Kept(identity: identity, style: style, frame: frame, staleness: staleness)
    return frame
  }
}

/// Whether something a kept frame read has changed since it was made: set once, from any
/// thread.
private final class Staleness: Sendable {
  private let flag = Atomic<Bool>(false)

  var isStale: Bool { flag.load(ordering: .acquiring) }

  func mark() { flag.store(true, ordering: .releasing) }
}
