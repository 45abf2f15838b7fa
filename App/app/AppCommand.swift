import AppDependencies
import AppDependenciesLive
import AppFeature
import ArgumentParser
import Foundation

/// The `app` executable: parses flags, installs the live dependencies, runs the terminal
/// session. Everything else is library code.
@main
struct AppCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "app",
    abstract: "A counter, number facts, todos and settings, in the terminal.",
    discussion: "Type help for the commands. Pipe commands in to run a script.",
    version: "1.0.0"
  )

  @Option(name: .customLong("data-dir"), help: "Where to keep data (default: $XDG_DATA_HOME/app, else ~/.local/share/app).")
  var dataDirectory: String?

  @Option(name: .customLong("numbers-api"), help: "The numbers API to fetch facts from.")
  var numbersAPI = NumberFactClient.numbersAPI.absoluteString

  @Flag(help: "Print each action and the state change it caused to standard error.")
  var trace = false

  func validate() throws {
    guard let url = URL(string: numbersAPI), ["http", "https"].contains(url.scheme), url.host != nil
    else { throw ValidationError("--numbers-api must be an http or https URL, got \"\(numbersAPI)\"") }
  }

  func run() async throws {
    let status = await AppLauncher(
      dataDirectory: dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) },
      numberFact: .live(baseURL: URL(string: numbersAPI)!),
      trace: trace
    ).run()
    throw ExitCode(status)
  }

  /// Runs the command; a bad flag exits with status 2.
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
