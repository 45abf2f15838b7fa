import AppDependencies
import AppDependenciesLive
import AppLaunch
import ArgumentParser
import Foundation

/// `app preview <feature>`: one feature alone, offline, in a throw-away data directory.
struct PreviewCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Run one feature alone, offline, with throw-away data.",
    discussion: """
      Seeds: count=<Int> (counter, fact), step=<1…1000> (counter, settings), \
      kind=<trivia|math|year|date> (fact, settings), sort-completed=<on|off> (todos, settings).
      """
  )

  @Argument(help: "The feature to run: \(FeaturePreview.allCases.map(\.rawValue).joined(separator: ", ")).")
  var feature: FeaturePreview

  @Option(name: .customLong("seed"), help: ArgumentHelp("Start from a value, e.g. count=41; repeatable.", valueName: "key=value"))
  var seeds: [String] = []

  @Flag(help: "Use live dependencies: fetch facts from --numbers-api.")
  var live = false

  @Option(name: .customLong("numbers-api"), help: "The numbers API to fetch facts from, with --live.")
  var numbersAPI = NumberFactClient.numbersAPI.absoluteString

  @Option(name: .customLong("data-dir"), help: "Keep data in this directory instead of a temporary one.")
  var dataDirectory: String?

  @Flag(help: "Print each action and the state change it caused to standard error.")
  var trace = false

  @Option(help: ArgumentHelp("Record the session to this file, to replay with 'app replay'.", valueName: "file"))
  var record: String?

  func validate() throws {
    try NumbersAPIOption.validate(numbersAPI)
    do {
      _ = try PreviewSeed(seeds, for: feature)
    } catch {
      throw ValidationError(error.description)
    }
  }

  @MainActor
  func run() async throws {
    let status = await Launcher.preview(
      feature,
      seed: try PreviewSeed(seeds, for: feature),
      dataDirectory: dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) },
      numberFact: live ? .live(baseURL: URL(string: numbersAPI)!) : nil,
      trace: trace,
      record: record.map { URL(fileURLWithPath: $0) }
    ).run()
    throw ExitCode(status)
  }
}
