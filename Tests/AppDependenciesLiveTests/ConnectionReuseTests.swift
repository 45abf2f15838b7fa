import AppDependencies
import AppDependenciesLive
import Foundation
import LoopbackHTTP
import Testing

/// The shared engine keeps working, and keeps its connections, whatever happened before.
struct ConnectionReuseTests {
  /// Replies by number: `/1/…` is a good fact, every other number a scripted failure.
  let server: LoopbackServer

  init() throws {
    server = try LoopbackServer { path in
      switch path.split(separator: "/").first {
      case "404": .text("Not Found", status: 404)
      case "500": .text("Oops", status: 500)
      case "2", "6": .silence
      case "3": .stallMidBody(declaredLength: 50, sent: Array("3 is".utf8))
      case "4": .respond(status: 200, body: Array(repeating: 0x78, count: 4096), chunked: true)
      case "5": .respond(status: 200, body: [0xFF, 0xFE])
      default: .text("1 is the first number.")
      }
    }
  }

  @Test func sequentialRequestsShareOneConnection() async throws {
    defer { server.stop() }
    let client = NumberFactClient.live(baseURL: server.url)

    for _ in 1...20 {
      #expect(try await client.fetch(1, .trivia) == "1 is the first number.")
    }
    #expect(server.connectionCount == 1)
  }

  @Test func concurrentRequestsAllComplete() async throws {
    defer { server.stop() }
    let client = NumberFactClient.live(baseURL: server.url)

    let facts = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 1...16 { group.addTask { try await client.fetch(1, .trivia) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(facts == Array(repeating: "1 is the first number.", count: 16))
  }

  @Test func aGoodRequestSucceedsAfterEachKindOfFailure() async throws {
    defer { server.stop() }
    let good = NumberFactClient.live(baseURL: server.url)
    let impatient = NumberFactClient.live(baseURL: server.url, timeout: .milliseconds(200), maxBodySize: 1024)
    let (refusing, port) = try LoopbackSocket.bound()
    defer { close(refusing) }
    let nowhere = NumberFactClient.live(baseURL: URL(string: "http://127.0.0.1:\(port)")!)

    let failures: [(String, @Sendable () async throws -> String)] = [
      ("404", { try await good.fetch(404, .trivia) }),
      ("500", { try await good.fetch(500, .trivia) }),
      ("silence", { try await impatient.fetch(2, .trivia) }),
      ("stall mid-body", { try await impatient.fetch(3, .trivia) }),
      ("too large", { try await impatient.fetch(4, .trivia) }),
      ("not UTF-8", { try await good.fetch(5, .trivia) }),
      ("refused", { try await nowhere.fetch(1, .trivia) }),
      ("cancelled", { try await self.cancelledWhileWaiting(good) }),
    ]
    for (name, failure) in failures {
      await #expect(throws: (any Error).self, "\(name)") { try await failure() }
      #expect(try await good.fetch(1, .trivia) == "1 is the first number.", "after \(name)")
    }
  }

  /// Starts a request the server never answers, and cancels it once the server has it.
  private func cancelledWhileWaiting(_ client: NumberFactClient) async throws -> String {
    var arrivals = server.requests.makeAsyncIterator()
    let request = Task { try await client.fetch(6, .trivia) }
    while await arrivals.next() != "/6/trivia" {}
    request.cancel()
    return try await request.value
  }
}
