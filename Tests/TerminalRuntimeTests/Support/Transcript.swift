import ComposableCore
import TerminalUI
@testable import TerminalRuntime

/// What a program wrote, to standard output and to standard error, one write an element.
final class Transcript: Sendable {
  let written = LockIsolated<[String]>([])
  let errors = LockIsolated<[String]>([])

  /// An output that records here.
  var output: TerminalOutput {
    TerminalOutput(
      output: { [written] text in written.withValue { $0.append(text) } },
      error: { [errors] text in errors.withValue { $0.append(text) } }
    )
  }

  /// Runs a program of `view` over `store` on `lines`, then the end of input; returns its
  /// status.
  @MainActor
  func run<View: TerminalView>(
    _ lines: [String],
    store: Store<View.State, View.Action>,
    view: View,
    isInteractive: Bool = false
  ) async -> Int32 {
    let program = TerminalProgram(
      store: store, view: view, configuration: .init(isInteractive: isInteractive), output: output
    )
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    for line in lines { continuation.yield(.line(line)) }
    continuation.yield(.end)
    continuation.finish()
    return await program.run(.events(stream))
  }
}
