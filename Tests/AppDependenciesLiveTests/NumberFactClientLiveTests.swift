import AppDependencies
import AppDependenciesLive
import Foundation
import Glibc
import LoopbackHTTP
import Testing

/// The live client against a real HTTP server on 127.0.0.1 that each test starts for itself.
struct NumberFactClientLiveTests {
  @Test func fetchesTheFactForANumberAndKind() async throws {
    let server = try LoopbackServer { _ in .text("42 is the number of kilometres in a marathon.\n") }
    defer { server.stop() }
    let client = NumberFactClient.live(baseURL: server.url)

    let fact = try await client.fetch(42, .trivia)

    #expect(fact == "42 is the number of kilometres in a marathon.")
    #expect(server.paths == ["/42/trivia"])
  }

  @Test func everyKindIsItsOwnPath() async throws {
    let server = try LoopbackServer { path in .text("fact for \(path)") }
    defer { server.stop() }
    let client = NumberFactClient.live(baseURL: server.url.appending(path: "api/"))

    for kind in FactKind.allCases {
      #expect(try await client.fetch(-7, kind) == "fact for /api/-7/\(kind.rawValue)")
    }
    #expect(server.paths == ["/api/-7/trivia", "/api/-7/math", "/api/-7/year", "/api/-7/date"])
  }

  @Test func aNumberWithoutAFactStillHasOne() async throws {
    let server = try LoopbackServer { _ in .text("123456789 is a boring number.") }
    defer { server.stop() }

    let fact = try await NumberFactClient.live(baseURL: server.url).fetch(123_456_789, .math)

    #expect(fact == "123456789 is a boring number.")
  }

  @Test func notFoundAndServerErrorsCarryTheStartOfTheBody() async throws {
    let server = try LoopbackServer { path in
      path.hasPrefix("/404/")
        ? .text("Not found.\nSee the documentation.", status: 404)
        : .text("Something broke.", status: 500)
    }
    defer { server.stop() }
    let client = NumberFactClient.live(baseURL: server.url)

    await #expect(throws: HTTPError.status(404, body: "Not found.…")) {
      try await client.fetch(404, .trivia)
    }
    await #expect(throws: HTTPError.status(500, body: "Something broke.")) {
      try await client.fetch(500, .trivia)
    }
  }

  @Test func aPortNobodyListensOnRefusesTheConnection() async throws {
    let (descriptor, port) = try LoopbackSocket.bound()
    defer { close(descriptor) }
    let client = NumberFactClient.live(baseURL: URL(string: "http://127.0.0.1:\(port)")!)

    await #expect(throws: HTTPError.couldNotConnect("127.0.0.1:\(port)")) {
      try await client.fetch(1, .trivia)
    }
  }

  @Test func onlyHTTPAndHTTPSAreAllowed() async throws {
    let client = NumberFactClient.live(baseURL: URL(string: "ftp://127.0.0.1:1")!)

    await #expect(throws: HTTPError.invalidURL("ftp://127.0.0.1:1/1/trivia")) {
      try await client.fetch(1, .trivia)
    }
  }

  @Test func aSilentServerTimesOut() async throws {
    let server = try LoopbackServer { _ in .silence }
    defer { server.stop() }
    let client = NumberFactClient.live(baseURL: server.url, timeout: .milliseconds(300))

    await #expect(throws: HTTPError.timedOut(after: .milliseconds(300))) {
      try await client.fetch(1, .trivia)
    }
  }

  @Test func aServerThatStopsMidBodyTimesOut() async throws {
    let server = try LoopbackServer { _ in
      .stallMidBody(declaredLength: 100, sent: Array("1 is the loneliest".utf8))
    }
    defer { server.stop() }
    let client = NumberFactClient.live(baseURL: server.url, timeout: .milliseconds(300))

    await #expect(throws: HTTPError.timedOut(after: .milliseconds(300))) {
      try await client.fetch(1, .trivia)
    }
  }

  @Test func cancellingAHangingRequestEndsItByCancellation() async throws {
    let server = try LoopbackServer { _ in .silence }
    defer { server.stop() }
    let client = NumberFactClient.live(baseURL: server.url, timeout: .seconds(60))
    var arrivals = server.requests.makeAsyncIterator()

    let request = Task { try await client.fetch(1, .trivia) }
    _ = await arrivals.next()
    let cancelled = ContinuousClock.now
    request.cancel()
    let result = await request.result
    let latency = ContinuousClock.now - cancelled

    #expect(throws: CancellationError.self) { try result.get() }
    #expect(latency < .seconds(60), "ended by cancellation, long before the timeout")
  }

  @Test func aTaskCancelledBeforeItsRequestStartsNeverReachesTheServer() async throws {
    let server = try LoopbackServer { _ in .text("1 is the first number.") }
    defer { server.stop() }
    let client = NumberFactClient.live(baseURL: server.url)

    let request = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await client.fetch(1, .trivia)
    }

    await #expect(throws: CancellationError.self) { try await request.value }
    #expect(server.connectionCount == 0)
  }

  @Test func aChunkedBodyOverTheLimitIsRefused() async throws {
    let server = try LoopbackServer { _ in
      .respond(status: 200, body: Array(repeating: UInt8(ascii: "x"), count: 16 * 1024), chunked: true)
    }
    defer { server.stop() }
    let client = NumberFactClient.live(baseURL: server.url, maxBodySize: 1024)

    await #expect(throws: HTTPError.tooLarge(limit: 1024)) {
      try await client.fetch(1, .trivia)
    }
  }

  @Test func aDeclaredBodyOverTheLimitIsRefused() async throws {
    let server = try LoopbackServer { _ in .text(String(repeating: "x", count: 2048)) }
    defer { server.stop() }
    let client = NumberFactClient.live(baseURL: server.url, maxBodySize: 1024)

    await #expect(throws: HTTPError.tooLarge(limit: 1024)) {
      try await client.fetch(1, .trivia)
    }
  }

  @Test func aBodyThatIsNotUTF8IsRefused() async throws {
    let server = try LoopbackServer { _ in .respond(status: 200, body: [0x31, 0x20, 0xC3, 0x28]) }
    defer { server.stop() }

    await #expect(throws: HTTPError.notUTF8) {
      try await NumberFactClient.live(baseURL: server.url).fetch(1, .trivia)
    }
  }

  @Test func escapeSequencesInAnAnswerCannotReachTheTerminal() async throws {
    let server = try LoopbackServer { path in
      path.hasPrefix("/500/")
        ? .text("\u{1B}[2Jbroken\u{07}", status: 500)
        : .text("7 is \u{1B}]0;owned\u{07}lucky\u{1B}[31m.\n\tSee\u{0}.")
    }
    defer { server.stop() }
    let client = NumberFactClient.live(baseURL: server.url)

    #expect(try await client.fetch(7, .trivia) == "7 is \u{FFFD}]0;owned\u{FFFD}lucky\u{FFFD}[31m.\n\tSee\u{FFFD}.")
    await #expect(throws: HTTPError.status(500, body: "\u{FFFD}[2Jbroken\u{FFFD}")) {
      try await client.fetch(500, .trivia)
    }
  }
}
