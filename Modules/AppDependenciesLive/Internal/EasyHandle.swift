import CCurl

/// A libcurl easy handle and its error buffer, kept between transfers so that each new
/// request starts from warm buffers and a handle libcurl already knows.
///
/// NB: Only the engine thread uses a handle. Connections themselves are cached by the multi
/// handle, so they are reused whichever easy handle picks them up.
final class EasyHandle {
  /// The `CURL *` libcurl works with.
  let raw: UnsafeMutableRawPointer
  private let errorBuffer: UnsafeMutablePointer<CChar>

  init() {
    guard let raw = curl_easy_init() else {
      fatalError("curl_easy_init failed: libcurl could not allocate a handle.")
    }
    self.raw = raw
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
  }

  deinit {
    curl_easy_cleanup(raw)
    errorBuffer.deallocate()
  }

  /// Clears the previous request's options and sets this transfer's.
  ///
  /// Returns the first option libcurl refused, if any.
  func prepare(for transfer: Transfer) -> CURLcode {
    curl_easy_reset(raw)
    errorBuffer[0] = 0
    let request = transfer.request
    let results = [
      ccurl_easy_setopt_string(raw, CURLOPT_URL, request.url),
      ccurl_easy_allow_http_only(raw),
      // NB: No signals: libcurl runs on its own thread inside a process it does not own.
      ccurl_easy_setopt_long(raw, CURLOPT_NOSIGNAL, 1),
      ccurl_easy_setopt_long(raw, CURLOPT_TIMEOUT_MS, request.timeout.milliseconds),
      ccurl_easy_setopt_long(raw, CURLOPT_CONNECTTIMEOUT_MS, request.timeout.milliseconds),
      ccurl_easy_setopt_off_t(raw, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodySize)),
      ccurl_easy_setopt_string(raw, CURLOPT_USERAGENT, "ComposableApp (libcurl)"),
      ccurl_easy_setopt_pointer(raw, CURLOPT_ERRORBUFFER, errorBuffer),
      ccurl_easy_setopt_pointer(raw, CURLOPT_WRITEDATA, Unmanaged.passUnretained(transfer).toOpaque()),
      ccurl_easy_setopt_write_function(raw) { data, size, count, context in
        guard let context else { return 0 }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
        // NB: Returning fewer bytes than given makes libcurl stop with CURLE_WRITE_ERROR.
        return transfer.receive(bytes) ? bytes.count : 0
      },
    ]
    return results.first { $0 != CURLE_OK } ?? CURLE_OK
  }

  /// The status code of the last response, or 0 if none arrived.
  var responseCode: Int {
    var code = 0
    _ = ccurl_easy_getinfo_long(raw, CURLINFO_RESPONSE_CODE, &code)
    return code
  }

  /// libcurl's own explanation of the last failure, or its generic text for `code`.
  func message(for code: CURLcode) -> String {
    if errorBuffer[0] != 0 { return String(cString: errorBuffer) }
    return String(cString: curl_easy_strerror(code))
  }
}
