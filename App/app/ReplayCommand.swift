import AppLaunch
import ArgumentParser
import Foundation

/// `app replay <file>`: replays a recorded session, or steps through it.
struct ReplayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay a session recorded with --record, and say whether it went the same way.",
    discussion: """
      Exits 0 when every action, answer and line of output came back as recorded, 1 at the \
      first divergence (shown), 2 when the file cannot be replayed. With --step, move through \
      the session instead: next, previous, goto <n>, actions, state, diff, display.
      """
  )

  @Argument(help: "The session file.")
  var file: String

  @Flag(help: "Step through the session, with the app's display at each action.")
  var step = false

  @MainActor
  func run() async throws {
    let status = await ReplayLauncher(file: URL(fileURLWithPath: file), step: step).run()
    throw ExitCode(status)
  }
}
