import ComposableCore
import Synchronization

/// The frames a program drew last, one per view of its view tree, each kept until observation
/// says something it read has changed: a redraw after a change to one feature makes that
/// feature's frame alone, and a redraw after a change to none makes nothing.
///
/// A feature's frame is made under observation tracking, as SwiftUI evaluates a view's body:
/// the members of its `@ObservableState` state and the shared values it reads are tracked, and
/// the first change to any of them marks the frame stale, and every frame it is part of, and
/// calls the cache's `onChange`, from whatever thread made the change. Keeping a frame then costs
/// a flag's load, whatever the state holds: a list of a million rows is not compared, and a
/// redraw after a change elsewhere reads none of it. A composed view asks again only the children
/// whose frames are stale: the others' are kept without their state being read.
///
/// A frame is also made again for another style, or for state with another identity (a child
/// state replaced by a new one; see `ObservableStateID`). Observation cannot follow the writes
/// to state that is not `@ObservableState`: its frame is kept only until the next send
/// (``markUntrackedFramesStale()``), as TCA observes only observable state.
public final class TerminalFrameCache {
  private struct Kept {
    /// Whether the frame was made from `@ObservableState` state, whose writes observation
    /// announces.
    var isObserved: Bool
    var style: TextStyle
    /// The frame, in a ``KeptFrame`` of the view's action.
    var frame: AnyObject
  }

  private var kept: Kept?
  private var children: [TerminalFrameCache] = []
  /// Set when something the frame kept here, or one below it, read has changed.
  private let changes: ChangeFlag
  private let onChange: @Sendable () -> Void
  /// The identity of the state last handed to ``frame(for:style:make:)`` or a view's
  /// `frame(for:style:cache:)` here.
  private var noted: ObservableStateID?
  /// How many frames a view made here rather than keeping them (a composed view's or a
  /// scope's, which put their children's together, are not counted).
  public private(set) var made = 0

  /// An empty cache; `onChange` is called, from the thread that made the change, when a change
  /// makes a kept frame here or in a child stale.
  public init(onChange: @escaping @Sendable () -> Void = {}) {
    self.onChange = onChange
    self.changes = ChangeFlag(parent: nil)
  }

  private init(parent: TerminalFrameCache) {
    self.onChange = parent.onChange
    self.changes = ChangeFlag(parent: parent.changes)
  }

  /// The cache of the child view at `position` of a composed view.
  public func child(_ position: Int) -> TerminalFrameCache {
    while children.count <= position { children.append(TerminalFrameCache(parent: self)) }
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
    guard let kept else { return false }
    if !kept.isObserved {
      // NB: A composed frame of such state marks every frame below it: the writes that replace
      //     a child's state are not announced either.
      markAll()
      return true
    }
    var marked = false
    for child in children where child.markUntrackedFramesStale() { marked = true }
    return marked
  }

  /// The frame kept for `state` and `style` while nothing it read has changed and `state` has
  /// the identity of the state it was made from, or a new one from `make`, made under
  /// observation tracking.
  public func frame<State, Action>(
    for state: State,
    style: TextStyle,
    make: () -> TerminalFrame<Action>
  ) -> TerminalFrame<Action> {
    noteState(identity: Self.identity(of: state))
    return frame(reading: { state }, style: style) { _ in make() }
  }

  /// The frame kept for `style` while nothing it read has changed, or a new one that `make`
  /// makes of the state `state` reads, both under observation tracking: a view's frame, its
  /// state read only when it is made again.
  func frame<State, Action>(
    reading state: () -> State,
    style: TextStyle,
    make: (State) -> TerminalFrame<Action>
  ) -> TerminalFrame<Action> {
    if let frame: TerminalFrame<Action> = keptFrame(style: style) { return frame }
    made += 1
    // NB: Cleared before the frame is made: a change while it is made marks it stale again.
    changes.clear()
    var isObserved = false
    // NB: State that is not observable is still tracked: the shared values it reads announce
    //     their changes, another process's included.
    let frame = withChangeTracking({
      let state = state()
      isObserved = state is any ObservableState
      return make(state)
    }, onChange: changeReport)
    kept = Kept(isObserved: isObserved, style: style, frame: KeptFrame(frame))
    return frame
  }

  /// The frame kept here while no frame below it is stale, or a new one that `make` puts
  /// together from its children's, of the state of type `State`.
  func composedFrame<State, Action>(
    of _: State.Type,
    style: TextStyle,
    make: () -> TerminalFrame<Action>
  ) -> TerminalFrame<Action> {
    if let frame: TerminalFrame<Action> = keptFrame(style: style) { return frame }
    changes.clear()
    let frame = make()
    let isObserved = kept?.isObserved ?? (State.self is any ObservableState.Type)
    kept = Kept(isObserved: isObserved, style: style, frame: KeptFrame(frame))
    return frame
  }

  /// The frame kept here, if it was made for `style` and nothing it read, or a frame below it
  /// read, has changed since: `nil` when it must be asked for again.
  func keptFrame<Action>(style: TextStyle) -> TerminalFrame<Action>? {
    guard let kept, !changes.isSet, kept.style == style, let box = kept.frame as? KeptFrame<Action>
    else { return nil }
    return box.frame
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

  private func markAll() {
    changes.mark()
    for child in children { child.markAll() }
  }

  private var changeReport: @Sendable () -> Void {
    let (changes, onChange) = (self.changes, self.onChange)
    return {
      changes.mark()
      onChange()
    }
  }
}

/// A frame kept by a ``TerminalFrameCache``.
private final class KeptFrame<Action> {
  let frame: TerminalFrame<Action>

  init(_ frame: TerminalFrame<Action>) {
    self.frame = frame
  }
}

/// Whether something a kept frame, or one below it, read has changed since it was made: set
/// from any thread, with every flag above it (the frames of the views it is part of).
private final class ChangeFlag: Sendable {
  private let flag = Atomic<Bool>(false)
  private let parent: ChangeFlag?

  init(parent: ChangeFlag?) {
    self.parent = parent
  }

  var isSet: Bool { flag.load(ordering: .acquiring) }

  /// Sets this flag and those above it.
  func mark() {
    var flag: ChangeFlag? = self
    while let current = flag {
      current.flag.store(true, ordering: .releasing)
      flag = current.parent
    }
  }

  func clear() { flag.store(false, ordering: .releasing) }
}
