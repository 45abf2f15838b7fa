import AppDependencies
import AppDependenciesLive
import Benchmark
import BenchmarkSupport
import Foundation
import LoopbackHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let benchmarks: @Sendable () -> Void = {
  // One local server for both clients, answering like numbersapi.com.
  let server = try! LoopbackServer { path in .text("\(path.dropFirst()) is a number.") }
  let hanging = try! LoopbackServer { _ in .silence }

  Benchmark("HTTP.Live.GET(1000)", configuration: .macro(maxIterations: 20)) { benchmark in
    let client = NumberFactClient.live(baseURL: server.url)
    for number in 0..<1_000 {
      let fact = try! await client.fetch(number, .trivia)
      precondition(fact == "\(number)/trivia is a number.")
    }
  }

  Benchmark("HTTP.URLSession.GET(1000)", configuration: .macro(maxIterations: 20)) { benchmark in
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    for number in 0..<1_000 {
      let url = server.url.appendingPathComponent("\(number)/trivia")
      let (data, _) = try! await session.data(from: url)
      precondition(String(decoding: data, as: UTF8.self) == "\(number)/trivia is a number.")
    }
  }

  // NB: The clock starts once the server has the request, and stops when the cancelled call
  // has returned.
  Benchmark("HTTP.Cancel", configuration: .macro(maxIterations: 100, extra: [])) { benchmark in
    let client = NumberFactClient.live(baseURL: hanging.url)
    let received = hanging.paths.count
    let call = Task { try await client.fetch(7, .trivia) }
    // The server has the request (polled, before the clock starts).
    while hanging.paths.count == received {
      try? await Task.sleep(for: .microseconds(100))
    }
    benchmark.startMeasurement()
    call.cancel()
    let result = await call.result
    benchmark.stopMeasurement()
    guard case .failure(let error) = result, error is CancellationError else {
      preconditionFailure("expected CancellationError, got \(result)")
    }
  }
}
