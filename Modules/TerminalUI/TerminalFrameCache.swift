import ComposableCore
import Persistence

/// The frames a session drew last, one per view of its view tree, each kept while the state it
/// was made from is unchanged: a redraw after a change to one feature makes that feature's frame
/// alone, and a redraw after a change to none makes nothing.
///
/// A frame is unchanged when its state is equal to the state it was made from (a comparison that
/// costs almost nothing for state that has the kept copy's bits, as state a reducer left alone
/// does), the style is the same, and no shared value it read has changed since
/// (``SharedReadRecord``). State that is not `Equatable` cannot be compared: its frame is made
/// every time.
///
/// No observation tracking is armed to keep a frame: the comparison is made when the frame is
/// asked for. A session that tracks its screen (to redraw at an idle prompt) still hears of a
/// kept frame's shared values, which are noted as read again when the frame is reused.
public final class TerminalFrameCache {
  private var kept: (state: Any, style: TextStyle, frame: Any, reads: SharedReadRecord)?
  private var children: [TerminalFrameCache] = []
  /// How many frames were made here rather than kept.
  public private(set) var made = 0

  /// An empty cache.
  public init() {}

  /// The cache of the child view at `position` of a composed view.
  public func child(_ position: Int) -> TerminalFrameCache {
    while children.count <= position { children.append(TerminalFrameCache()) }
    return children[position]
  }

  /// Frames made here and by every child, for tests and benchmarks.
  public var madeInAll: Int {
    made + children.reduce(0) { $0 + $1.madeInAll }
  }

  /// The frame kept for `state` and `style`, or a new one from `make`.
  public func frame<State: Equatable, Action>(
    for state: State,
    style: TextStyle,
    make: () -> TerminalFrame<Action>
  ) -> TerminalFrame<Action> {
    // NB: State a reducer left alone has the kept copy's bits (its collections and shared
    //     references the same storage): equal without comparing what they hold. Shared values
    //     changed since are caught by the reads.
    if let kept, kept.style == style, !kept.reads.hasChanged, let keptState = kept.state as? State,
      isIdentical(keptState, state) || keptState == state, let frame = kept.frame as? TerminalFrame<Action>
    {
      kept.reads.noteAccess()
      return frame
    }
    let (frame, reads) = made(make)
    kept = (state, style, frame, reads)
    return frame
  }

  /// A new frame from `make`: `state` cannot be compared with the state of a kept one.
  public func frame<State, Action>(
    for state: State,
    style: TextStyle,
    make: () -> TerminalFrame<Action>
  ) -> TerminalFrame<Action> {
    made(make).frame
  }

  private func made<Action>(_ make: () -> TerminalFrame<Action>) -> (frame: TerminalFrame<Action>, reads: SharedReadRecord) {
    made += 1
    let (frame, reads) = SharedReadRecord.recording(make)
    // NB: a recording around this one (a session checking its screen's reads) records these
    //     reads too.
    reads.noteAccess()
    return (frame, reads)
  }
}
