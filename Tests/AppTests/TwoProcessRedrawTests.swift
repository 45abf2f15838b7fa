import Foundation
import LoopbackHTTP
import TemporaryFiles
import Testing

/// Two real processes on one data directory: a person's screen, idle at the prompt, shows a
/// count another copy of the app changed, with no key pressed.
struct TwoProcessRedrawTests {
  @Test func aCountChangedByAnotherProcessAppearsAtAnIdlePrompt() async throws {
    let directory = try TemporaryDirectory()
    let server = try LoopbackServer.numbers()
    defer { directory.remove(); server.stop() }
    let arguments = ["--data-dir", directory.path, "--numbers-api", server.url.absoluteString]
    let screen = try InteractiveApp(arguments: arguments)
    defer { screen.stop() }
    #expect(await screen.waitFor("> "))
    let typedBefore = screen.text

    let other = try await AppProcess(arguments: arguments).run(input: "inc\ninc\ninc\n")
    #expect(other.status == 0)
    #expect(other.outputLines.contains("count: 3"))

    #expect(await screen.waitFor("count: 3"))
    // Nothing was typed on the idle screen: what it shows since came from the other process.
    let shownSince = screen.text.dropFirst(typedBefore.count)
    #expect(!shownSince.contains("inc"))
    screen.type("quit")
    #expect(await screen.waitForExit() == 0)
  }
}
