import Foundation
import TemporaryFiles
import Testing

/// A replay draws the display in the colors the recorded run chose: `set color on` in a piped run
/// colors what it prints from then on, and its replay must print the same bytes.
@Suite struct ReplayColoringTests {
  @Test(arguments: ["on", "off", "auto"])
  func aColorSettingReplaysIdentically(_ color: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let session = directory.file("run.session")
    let recorded = try await AppProcess(
      arguments: ["--data-dir", directory.file("data").path, "--record", session.path]
    ).run(input: "set color \(color)\ninc\nadd milk\nset color off\ninc\n")
    #expect(recorded.status == 0)

    let replayed = try await AppProcess(arguments: ["replay", session.path]).run(input: "")

    #expect(replayed.status == 0, "\(replayed.output)\(replayed.error)")
    #expect(replayed.output.hasPrefix("replayed 5 lines, "))
    #expect(replayed.output.hasSuffix(" actions: identical\n"))
  }
}
