import CCurl
import Foundation
import Locking

/// Runs the live clients' HTTP requests on one dedicated thread that owns a libcurl multi
/// handle.
///
/// Requests arrive in a locked inbox; the thread adds each to the multi handle with an easy
/// handle from its pool, drives every transfer with `curl_multi_perform`, and sleeps in
/// `curl_multi_poll` until a socket is ready, a timer is due, or `curl_multi_wakeup` rings.
/// The multi handle caches connections, so a run of requests to one server shares one
/// keep-alive connection.
///
/// NB: A dedicated thread keeps libcurl's blocking work off Swift's cooperative pool. The multi
/// interface is what makes cancellation prompt: a cancelled task wakes the thread at once,
/// where the easy interface would notice only at its next progress callback, about a second
/// later on an idle connection.
///
/// NB: `@unchecked Sendable`: `multi` is used from other threads only through
/// `curl_multi_wakeup`, which libcurl makes safe for that; `inbox` is locked; `active` and
/// `idle` belong to the engine thread alone.
final class CurlEngine: @unchecked Sendable {
  /// The engine every live client shares, started on first use.
  static let shared = CurlEngine()

  private let multi: UnsafeMutableRawPointer
  private let inbox = Lock<[Transfer]>([])
  private var active: [UnsafeMutableRawPointer: (handle: EasyHandle, transfer: Transfer)] = [:]
  private var idle: [EasyHandle] = []

  /// How many easy handles to keep between bursts of requests.
  private let maxIdleHandles = 8
  /// How many idle connections the multi handle keeps open, across all hosts.
  private static let maxCachedConnections = 64

  private init() {
    precondition(CurlGlobal.initialized)
    guard let multi = curl_multi_init() else {
      fatalError("curl_multi_init failed: libcurl could not allocate a multi handle.")
    }
    self.multi = multi
    _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, Self.maxCachedConnections)
    let thread = Thread { [self] in run() }
    thread.name = "libcurl"
    thread.start()
  }

  /// Performs `request` and returns the complete response.
  ///
  /// Throws an ``HTTPError`` when the transfer fails, and `CancellationError` as soon as the
  /// calling task is cancelled, even while the server is silent.
  func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
    let cancellation = CancellationFlag()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let transfer = Transfer(request, cancellation: cancellation, continuation: continuation)
        inbox.withLock { $0.append(transfer) }
        curl_multi_wakeup(multi)
      }
    } onCancel: {
      cancellation.cancel()
      curl_multi_wakeup(multi)
    }
  }

  // MARK: - The engine thread

  private func run() {
    var running: Int32 = 0
    while true {
      let arrived = inbox.withLock { inbox in
        defer { inbox = [] }
        return inbox
      }
      arrived.forEach(start)
      abortCancelled()
      curl_multi_perform(multi, &running)
      collectFinished()
      // NB: libcurl shortens the wait to its own next timeout; a wakeup ends it at once.
      curl_multi_poll(multi, nil, 0, active.isEmpty ? 60_000 : 1_000, nil)
    }
  }

  private func start(_ transfer: Transfer) {
    guard !transfer.isCancelled else {
      return transfer.finish(.failure(CancellationError()))
    }
    let handle = idle.popLast() ?? EasyHandle()
    let code = handle.prepare(for: transfer)
    guard code == CURLE_OK else {
      recycle(handle)
      let error = HTTPError(
        code,
        message: handle.message(for: code),
        request: transfer.request,
        exceededLimit: transfer.exceededLimit
      )
      return transfer.finish(.failure(error))
    }
    let added = curl_multi_add_handle(multi, handle.raw)
    guard added == CURLM_OK else {
      recycle(handle)
      let message = String(cString: curl_multi_strerror(added))
      return transfer.finish(.failure(HTTPError.transport(code: Int(added.rawValue), message: message)))
    }
    active[handle.raw] = (handle, transfer)
  }

  private func abortCancelled() {
    for (raw, entry) in active where entry.transfer.isCancelled {
      // NB: Removing a handle mid-transfer closes its connection rather than reusing it.
      retire(raw)
      entry.transfer.finish(.failure(CancellationError()))
    }
  }

  private func collectFinished() {
    var remaining: Int32 = 0
    while let message = curl_multi_info_read(multi, &remaining) {
      guard message.pointee.msg == CURLMSG_DONE, let raw = message.pointee.easy_handle else {
        continue
      }
      // NB: Read the message before retiring the handle: removal invalidates it.
      let code = ccurl_message_result(message)
      guard let (handle, transfer) = retire(raw) else { continue }
      if code == CURLE_OK {
        transfer.finish(.success(HTTPResponse(status: handle.responseCode, body: transfer.body)))
      } else {
        let error = HTTPError(
          code,
          message: handle.message(for: code),
          request: transfer.request,
          exceededLimit: transfer.exceededLimit
        )
        transfer.finish(.failure(error))
      }
    }
  }

  @discardableResult
  private func retire(_ raw: UnsafeMutableRawPointer) -> (EasyHandle, Transfer)? {
    guard let entry = active.removeValue(forKey: raw) else { return nil }
    curl_multi_remove_handle(multi, raw)
    recycle(entry.handle)
    return (entry.handle, entry.transfer)
  }

  private func recycle(_ handle: EasyHandle) {
    if idle.count < maxIdleHandles { idle.append(handle) }
  }
}
