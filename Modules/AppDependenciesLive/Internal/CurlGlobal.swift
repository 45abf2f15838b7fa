import CCurl

/// libcurl's process-wide set-up.
enum CurlGlobal {
  /// Runs `curl_global_init` the first time it is read, and never again.
  ///
  /// NB: There is deliberately no matching `curl_global_cleanup`: Foundation's networking
  /// links the same libcurl, and cleaning up underneath it would break it.
  static let initialized: Bool = {
    let code = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    precondition(code == CURLE_OK, "curl_global_init failed: \(String(cString: curl_easy_strerror(code)))")
    return true
  }()
}
