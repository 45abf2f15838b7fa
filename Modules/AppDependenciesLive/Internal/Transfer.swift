/// One request on its way through the engine: what to fetch, where its body goes, and the
/// continuation to resume when it ends.
///
/// NB: A transfer is made on the caller's thread and handed to the engine thread through the
/// engine's locked inbox; from then on only the engine thread touches `body` and
/// `exceededLimit` (libcurl calls the write callback on that thread), and the continuation is
/// resumed exactly once, by ``finish(_:)``. Hence `@unchecked Sendable`.
final class Transfer: @unchecked Sendable {
  /// What to fetch.
  let request: HTTPRequest
  /// The body received so far.
  private(set) var body: [UInt8] = []
  /// Whether the body outgrew `request.maxBodySize`, which is why libcurl stopped.
  private(set) var exceededLimit = false

  private let cancellation: CancellationFlag
  private let continuation: CheckedContinuation<HTTPResponse, any Error>

  init(
    _ request: HTTPRequest,
    cancellation: CancellationFlag,
    continuation: CheckedContinuation<HTTPResponse, any Error>
  ) {
    self.request = request
    self.cancellation = cancellation
    self.continuation = continuation
  }

  /// Whether the task that asked for this transfer was cancelled.
  var isCancelled: Bool { cancellation.isCancelled }

  /// Appends body bytes, or refuses them (returns `false`) when they would pass the limit.
  ///
  /// NB: `CURLOPT_MAXFILESIZE` only checks a declared `Content-Length`; a chunked body has
  /// none, so the limit is enforced here, as the bytes arrive.
  func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard body.count + bytes.count <= request.maxBodySize else {
      exceededLimit = true
      return false
    }
    body.append(contentsOf: bytes)
    return true
  }

  /// Hands the outcome to the waiting task. Called once.
  func finish(_ result: Result<HTTPResponse, any Error>) {
    continuation.resume(with: result)
  }
}
