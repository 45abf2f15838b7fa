import Foundation
import Glibc
import LoopbackHTTP
import TemporaryFiles
import Testing

/// The real `app` binary against a numbers server that fails in every way the live client
/// knows (and one that sends terminal escape sequences): each failure is one readable line within the client's 5-second timeout, and the app
/// answers the next command, piped or typed. The time limit only guards against a hang; the
/// timeout itself shows in the reason the app prints.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct FailingServerTests {
  /// One way for the numbers server to fail, and the reason the app must give.
  enum Fault: String, CaseIterable, CustomTestStringConvertible {
    case refused, status500, status404, silent, slowDrip, oversizeChunked, notUTF8, redirectLoop, escapeSequences

    var testDescription: String { rawValue }

    /// Whether the failure is only known when the client's timeout runs out.
    var isTimeout: Bool { self == .silent || self == .slowDrip }

    /// The reason after "Could not load a number fact: ", for a server on `port`.
    func reason(port: Int) -> String {
      switch self {
      case .refused: "Could not connect to 127.0.0.1:\(port)."
      case .status500: "HTTP 500: the server broke"
      case .status404: "HTTP 404: no such number"
      case .silent, .slowDrip: "Timed out after 5 seconds."
      case .oversizeChunked: "The response was larger than 65536 bytes."
      case .notUTF8: "The response was not UTF-8 text."
      case .redirectLoop: "HTTP 302: see /0/trivia"
      case .escapeSequences: "HTTP 500: \u{FFFD}[2J\u{FFFD}]0;owned\u{FFFD}"
      }
    }

    /// What the server answers every request with.
    var reply: LoopbackServer.Reply {
      switch self {
      case .refused: .silence  // never asked: nothing listens
      case .status500: .text("the server broke", status: 500)
      case .status404: .text("no such number", status: 404)
      case .silent: .silence
      // 100 bytes, one every 100 ms: 10 seconds, twice the timeout.
      case .slowDrip: .drip(body: Array(String(repeating: "z", count: 100).utf8), interval: .milliseconds(100))
      case .oversizeChunked: .respond(status: 200, body: Array(repeating: UInt8(ascii: "x"), count: 1 << 20), chunked: true)
      case .notUTF8: .respond(status: 200, body: [0x30, 0x20, 0xFF, 0xFE, 0xC0, 0x80])
      case .redirectLoop: .redirect(to: "/0/trivia")
      case .escapeSequences: .text("\u{1B}[2J\u{1B}]0;owned\u{07}", status: 500)
      }
    }
  }

  /// A numbers server that fails with `fault`, and its URL.
  final class FailingServer: Sendable {
    let url: URL
    let port: Int
    private let server: LoopbackServer?
    private let refusing: Int32?

    init(_ fault: Fault) throws {
      if fault == .refused {
        // A bound socket nobody listens on: connections are refused, and no other test can take the port.
        (refusing, port) = try LoopbackSocket.bound()
        server = nil
      } else {
        let server = try LoopbackServer { _ in fault.reply }
        (self.server, port, refusing) = (server, server.port, nil)
      }
      url = URL(string: "http://127.0.0.1:\(port)")!
    }

    func stop() {
      server?.stop()
      if let refusing { close(refusing) }
    }
  }

  @Test(arguments: Fault.allCases)
  func pipedTheFailureAsksToRetryAndTheNextCommandRuns(_ fault: Fault) async throws {
    let directory = try TemporaryDirectory()
    let server = try FailingServer(fault)
    defer { directory.remove(); server.stop() }
    let clock = ContinuousClock()
    let start = clock.now
    let result = try await AppProcess(arguments: ["--data-dir", directory.path, "--numbers-api", server.url.absoluteString])
      .run(input: "fact\nn\ninc\n")
    let elapsed = clock.now - start

    #expect(result.status == 0)
    #expect(result.error == "")
    #expect(result.outputLines == [
      "fact: loading 0 (trivia)…",
      "Could not load a number fact: \(fault.reason(port: server.port))",
      "Try again? [y/N]",
      "count: 1",
      "",
    ])
    print("failing server: \(fault.rawValue): \"\(fault.reason(port: server.port))\"; whole run \(String(format: "%.1f", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)) s")
  }

  @Test(arguments: Fault.allCases)
  func typedTheAppAnswersWhileTheFactLoadsThenShowsTheFailure(_ fault: Fault) async throws {
    let directory = try TemporaryDirectory()
    let server = try FailingServer(fault)
    defer { directory.remove(); server.stop() }
    let app = try InteractiveApp(arguments: ["--data-dir", directory.path, "--numbers-api", server.url.absoluteString])
    defer { app.stop() }

    #expect(await app.waitFor("> "))
    app.type("fact")
    // NB: A fault the server answers at once can fail the request before a second line typed
    //     with `fact` is read, and the line would then answer the question: the app takes a line
    //     as it finds the display when it reads it. Only a request that waits leaves time to type.
    if fault.isTimeout {
      app.type("add Buy milk")
      #expect(await app.waitFor("1. [ ] Buy milk"))
      // The todo was answered while the request still waited on the server.
      #expect(!app.text.contains("Could not load"))
    }
    #expect(await app.waitFor("Could not load a number fact: \(fault.reason(port: server.port))"))
    #expect(await app.waitFor("Try again? [y/N]"))
    app.type("n")
    if !fault.isTimeout {
      app.type("add Buy milk")
      #expect(await app.waitFor("1. [ ] Buy milk"))
    }
    app.type("inc")
    #expect(await app.waitFor("count: 1"))
    app.type("quit")
    #expect(await app.waitForExit() == 0)
  }
}
