import AppDependencies
import Dependencies
import Foundation

extension NumberFactClient: DependencyKey {
  /// numbersapi.com, the service the live client asks by default.
  public static let numbersAPI = URL(string: "http://numbersapi.com")!

  /// The client that asks ``numbersAPI`` over HTTP, with a 5-second timeout.
  public static let liveValue = Self.live(baseURL: numbersAPI)

  /// A client that asks the numbers service at `baseURL`.
  ///
  /// It sends `GET {baseURL}/{number}/{kind}` and returns the plain-text answer, trimmed of
  /// surrounding whitespace. The service answers a number it knows nothing about with a
  /// canned sentence ("… is a boring number.") and status 200; that sentence is the fact.
  /// Control characters in the answer (other than line breaks and tabs) become U+FFFD (�): a
  /// fact is shown in a terminal, and escape sequences from a server must not drive it.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.numberFact = .live(baseURL: URL(string: "http://127.0.0.1:8080")!)
  /// } operation: { … }
  /// ```
  ///
  /// Requests share one background thread and keep-alive connections; cancelling the task
  /// that awaits ``NumberFactClient/fetch`` ends its request at once with
  /// `CancellationError`. Other failures throw ``HTTPError``.
  ///
  /// - Parameters:
  ///   - baseURL: An `http` or `https` URL; a path in it is kept, a trailing slash dropped.
  ///   - timeout: The most a request may take, from connecting to the last byte.
  ///   - maxBodySize: The longest answer accepted, in bytes; facts are a sentence long.
  public static func live(
    baseURL: URL,
    timeout: Duration = .seconds(5),
    maxBodySize: Int = 64 * 1024
  ) -> Self {
    var base = baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    return Self(
      fetch: { [base] number, kind in
        let request = HTTPRequest(
          url: "\(base)/\(number)/\(kind.rawValue)",
          timeout: timeout,
          maxBodySize: maxBodySize
        )
        let response = try await CurlEngine.shared.perform(request)
        return try response.text().trimmingCharacters(in: .whitespacesAndNewlines).replacingControlCharacters()
      }
    )
  }
}
