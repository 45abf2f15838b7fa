import ComposableCore
import Persistence

/// The frames a session drew last, one per view of its view tree, each kept while the state it
/// was made from is unchanged: a redraw after a change to one feature makes that feature's frame
/// alone, and a redraw after a change to none makes nothing.
///
/// A frame is unchanged when the style is the same, no shared value it read has changed since
/// (``SharedReadRecord``), and its state is unchanged:
/// - `@ObservableState` state is unchanged while it has the version the frame was made from
///   (``ObservableStateID/_$hasSameVersion(as:)``): every write to one of its members renews
///   the version, so the check costs the same for a list of a million rows as for a count, and
///   compares nothing the state holds. A member marked `@ObservationStateIgnored` is not
///   watched, as SwiftUI does not watch it either.
/// - Other `Equatable` state is compared with the state the frame was made from (a comparison
///   that costs almost nothing for state that has the kept copy's bits, as state a reducer left
///   alone does).
/// - State that is neither cannot be compared: its frame is made every time.
///
/// No observation tracking is armed to keep a frame: the check is made when the frame is
/// asked for. A session that tracks its screen (to redraw at an idle prompt) still hears of a
/// kept frame's shared values, which are noted as read again when the frame is reused.
public final class TerminalFrameCache {
  private var kept: (state: Any, version: ObservableStateID?, style: TextStyle, frame: Any, reads: SharedReadRecord)?
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
    let version = Self.version(of: state)
    if let kept, kept.style == style, !kept.reads.hasChanged, let frame = kept.frame as? TerminalFrame<Action> {
      let isUnchanged: Bool
      if let version, let keptVersion = kept.version {
        isUnchanged = keptVersion._$hasSameVersion(as: version)
      } else if let keptState = kept.state as? State {
        // NB: State a reducer left alone has the kept copy's bits (its collections and shared
        //     references the same storage): equal without comparing what they hold. Shared
        //     values changed since are caught by the reads.
        isUnchanged = isIdentical(keptState, state) || keptState == state
      } else {
        isUnchanged = false
      }
      if isUnchanged {
        kept.reads.noteAccess()
        return frame
      }
    }
    return made(state: state, version: version, style: style, make)
  }

  /// The frame kept for `@ObservableState` state that is not `Equatable`, while it has the kept
  /// version; a new one from `make` for any other state, which cannot be compared.
  public func frame<State, Action>(
    for state: State,
    style: TextStyle,
    make: () -> TerminalFrame<Action>
  ) -> TerminalFrame<Action> {
    let version = Self.version(of: state)
    if let version, let kept, kept.style == style, !kept.reads.hasChanged,
      let keptVersion = kept.version, keptVersion._$hasSameVersion(as: version),
      let frame = kept.frame as? TerminalFrame<Action>
    {
      kept.reads.noteAccess()
      return frame
    }
    return made(state: state, version: version, style: style, make)
  }

  /// The identity and version of `state`, if it is observable state.
  private static func version<State>(of state: State) -> ObservableStateID? {
    (state as? any ObservableState)?._$id
  }

  private func made<State, Action>(
    state: State,
    version: ObservableStateID?,
    style: TextStyle,
    _ make: () -> TerminalFrame<Action>
  ) -> TerminalFrame<Action> {
    made += 1
    let (frame, reads) = SharedReadRecord.recording(make)
    // NB: a recording around this one (a session checking its screen's reads) records these
    //     reads too.
    reads.noteAccess()
    kept = (state, version, style, frame, reads)
    return frame
  }
}
