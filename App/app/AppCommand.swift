import AppLaunch
import ArgumentParser
import Foundation

/// The `app` executable: runs the app (the default) or one feature alone (`app preview`).
/// Everything else is library code.
@main
struct AppCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "app",
    abstract: "A counter, number facts, todos and settings, in the terminal.",
    discussion: """
      Type help for the commands. Pipe commands in to run a script. Without a subcommand, \
      runs the app: see 'app help run' for its flags.
      """,
    version: "1.0.0",
    subcommands: [RunCommand.self, PreviewCommand.self, ReplayCommand.self],
    defaultSubcommand: RunCommand.self
  )

  /// Runs the command; a bad flag exits with status 2.
  ///
  /// NB: On the main actor, as each command's `run` and the launchers are: from the parse to the
  ///     launcher the start stays on it, where hopping off it and back cost a millisecond
  ///     (Tools/Benchmarks/RESULTS.md, "The start beside a floor of its own").
  @MainActor
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var command = command as? AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      let code = exitCode(for: error)
      if code == .validationFailure {
        FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
        Foundation.exit(2)
      }
      exit(withError: error)
    }
  }
}
