/// A GET request as the engine runs it.
struct HTTPRequest: Sendable {
  /// The absolute `http` or `https` URL to fetch.
  var url: String
  /// The most the whole transfer may take, connecting included.
  var timeout: Duration
  /// The most body bytes to accept; a longer body fails with ``HTTPError/tooLarge(limit:)``.
  var maxBodySize: Int
}
