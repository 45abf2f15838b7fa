import AppDependencies
import AppDependenciesLive
import AppLaunch
import ArgumentParser
import Foundation

/// `app run`, the default: the whole app with live dependencies and the user's data.
struct RunCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run the app (the default)."
  )

  @Option(name: .customLong("data-dir"), help: "Where to keep data (default: $XDG_DATA_HOME/app, else ~/.local/share/app).")
  var dataDirectory: String?

  @Option(name: .customLong("numbers-api"), help: "The numbers API to fetch facts from.")
  var numbersAPI = NumberFactClient.numbersAPI.absoluteString

  @Flag(help: "Print each action and the state change it caused to standard error.")
  var trace = false

  @Option(help: ArgumentHelp("Record the session to this file, to replay with 'app replay'.", valueName: "file"))
  var record: String?

  func validate() throws {
    try NumbersAPIOption.validate(numbersAPI)
  }

  @MainActor
  func run() async throws {
    let status = await Launcher.app(
      dataDirectory: dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) },
      numberFact: .live(baseURL: URL(string: numbersAPI)!),
      trace: trace,
      record: record.map { URL(fileURLWithPath: $0) }
    ).run()
    throw ExitCode(status)
  }
}
