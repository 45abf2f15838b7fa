import Foundation

/// Why an HTTP request made by a live client failed.
///
/// Each case reads as a sentence through `description` (and `localizedDescription`), so a
/// feature can show the error as it is:
///
/// ```
/// Could not connect to 127.0.0.1:8080.
/// HTTP 404: Not Found
/// Timed out after 5 seconds.
/// ```
///
/// A cancelled request throws `CancellationError`, not an ``HTTPError``, so that effects which
/// are cancelled end quietly.
public enum HTTPError: Error, Equatable, Sendable {
  /// The URL could not be parsed, or names a scheme other than `http` or `https`.
  case invalidURL(String)
  /// The host name in the URL did not resolve to an address.
  case couldNotResolveHost(String)
  /// Nothing accepted a connection at the host and port (`host:port`).
  case couldNotConnect(String)
  /// The whole request, from connecting to the last byte, took longer than the timeout.
  case timedOut(after: Duration)
  /// The server answered with a status outside 200–299; `body` is the start of its response.
  case status(Int, body: String)
  /// The response body was longer than the limit, in bytes.
  case tooLarge(limit: Int)
  /// The response body was not valid UTF-8 text.
  case notUTF8
  /// Any other transfer failure, with libcurl's error code and message.
  case transport(code: Int, message: String)
}

extension HTTPError: CustomStringConvertible {
  /// The error as a sentence, for people.
  public var description: String {
    switch self {
    case let .invalidURL(url):
      "Invalid URL: \(url) (only http and https URLs are supported)."
    case let .couldNotResolveHost(host):
      "Could not resolve host \(host)."
    case let .couldNotConnect(address):
      "Could not connect to \(address)."
    case let .timedOut(timeout):
      "Timed out after \(timeout.readable)."
    case let .status(code, body) where body.isEmpty:
      "HTTP \(code)."
    case let .status(code, body):
      "HTTP \(code): \(body)"
    case let .tooLarge(limit):
      "The response was larger than \(limit) bytes."
    case .notUTF8:
      "The response was not UTF-8 text."
    case let .transport(code, message):
      "Transfer failed: \(message) (curl error \(code))."
    }
  }
}

extension HTTPError: LocalizedError {
  /// The same sentence as ``description``, so `localizedDescription` reads well too.
  public var errorDescription: String? { description }
}
