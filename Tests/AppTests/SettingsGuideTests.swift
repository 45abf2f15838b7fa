import Foundation
import TemporaryFiles
import Testing

/// The user's guide lists the settings, the values each takes and its default; the app says the
/// same — `help set` the names and values, `settings` in a new data directory the defaults — so
/// a setting added, renamed or given another value fails here until the guide says so too.
struct SettingsGuideTests {
  /// A setting as the guide's table or the app describes it.
  struct Setting: Equatable, CustomStringConvertible {
    var name: String
    var values: [String]
    var defaultValue: String
    var description: String { "\(name) \(values.joined(separator: "|")) (default \(defaultValue))" }
  }

  @Test func helpSetAndSettingsSayWhatTheGuidesTableSays() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try await AppProcess(arguments: ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"])
      .run(input: "help set\nsettings\n")
    #expect(result.status == 0)
    #expect(result.error == "")
    let fromApp = try Self.settings(helpAndSettings: result.outputLines)
    let guide = try String(contentsOf: VersionTests.repository.appendingPathComponent("App/README.md"), encoding: .utf8)
    #expect(try Self.settings(guide: guide) == fromApp)
  }

  @Test func theGuidesTableAndTheAppsLinesAreRead() throws {
    let guide = """
      ## The settings

      | setting | values | default | what it changes |
      | --- | --- | --- | --- |
      | `step` | `1` to `1000` | `1` | how far |
      | `color` | `auto`, `on`, `off` | `auto` | styling |

      ## Next
      """
    let expected = [
      Setting(name: "step", values: ["1", "1000"], defaultValue: "1"),
      Setting(name: "color", values: ["auto", "on", "off"], defaultValue: "auto"),
    ]
    #expect(try Self.settings(guide: guide) == expected)
    let lines = [
      "  set <name> <value> | reset  Change a setting (step 1…1000, color auto|on|off), or reset them all",
      "step: 1",
      "color: auto",
    ]
    #expect(try Self.settings(helpAndSettings: lines) == expected)
  }

  /// The settings of the guide's "The settings" table: each row's name, the values in backticks
  /// (a range as its two ends), and the default.
  static func settings(guide: String) throws -> [Setting] {
    let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
    let heading = try #require(lines.firstIndex(of: "## The settings"), "the guide has no section \"The settings\"")
    let header = try #require(lines[heading...].firstIndex { $0.hasPrefix("| setting |") })
    return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { row in
      let cells = row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
      return Setting(
        name: codeSpans(in: cells[1]).first ?? "",
        values: codeSpans(in: cells[2]),
        defaultValue: codeSpans(in: cells[3]).first ?? ""
      )
    }
  }

  /// The settings as the app says them: `help set`'s line names each with its values
  /// (`step 1…1000`, `color auto|on|off`), and `settings` prints `name: value` lines, the defaults
  /// in a new data directory.
  static func settings(helpAndSettings lines: [String]) throws -> [Setting] {
    let help = try #require(lines.first { $0.contains("Change a setting (") }, "help set printed no line for set")
    let start = try #require(help.range(of: "Change a setting ("))
    let end = try #require(help.range(of: "), or reset them all"))
    let defaults = Dictionary(
      lines.compactMap { line -> (String, String)? in
        let parts = line.split(separator: ":", maxSplits: 1)
        return parts.count == 2 ? (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces)) : nil
      },
      uniquingKeysWith: { first, _ in first }
    )
    return help[start.upperBound..<end.lowerBound].components(separatedBy: ", ").map { item in
      let words = item.split(separator: " ", maxSplits: 1).map(String.init)
      let name = words.first ?? ""
      let values = (words.dropFirst().first ?? "").split(whereSeparator: { $0 == "|" || $0 == "…" }).map(String.init)
      return Setting(name: name, values: values, defaultValue: defaults[name] ?? "")
    }
  }

  /// The text of each code span (`` `x` ``) in `cell`, in order.
  static func codeSpans(in cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
  }
}
