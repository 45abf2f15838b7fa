/// What a replay came to.
public struct SessionReplayResult: Equatable, Sendable {
  /// How it ended.
  public enum Verdict: Equatable, Sendable {
    /// Everything happened as recorded.
    case identical
    /// Something happened otherwise.
    case diverged(SessionDivergence)
    /// The session cannot be replayed by this app.
    case badInput(SessionFileError)
  }

  /// The session replayed.
  public var session: SessionFile
  /// The lines fed.
  public var lines: Int
  /// The actions processed.
  public var actions: Int
  /// How it ended.
  public var verdict: Verdict

  /// The exit status `app replay` ends with: 0 identical, 1 diverged, 2 not replayable.
  public var status: Int32 {
    switch verdict {
    case .identical: 0
    case .diverged: 1
    case .badInput: 2
    }
  }

  /// The report: the summary line, then a divergence's details.
  public var report: [String] {
    let counts = "replayed \(lines) \(lines == 1 ? "line" : "lines"), \(actions) \(actions == 1 ? "action" : "actions")"
    switch verdict {
    case .identical:
      let cut = session.isCutShort
        ? "; the run was cut short, and its session stops after line \(session.lastLine) of \(session.name)" : ""
      return ["\(counts): identical\(cut)"]
    case .diverged(let divergence):
      return ["\(counts): diverged"] + divergence.lines
    case .badInput(let error):
      return [error.description]
    }
  }
}
