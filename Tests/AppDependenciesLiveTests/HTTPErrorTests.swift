@testable import AppDependenciesLive
import CCurl
import Testing

/// What people read when a request fails, and which libcurl failures become which errors.
struct HTTPErrorTests {
  @Test func messagesReadAsSentences() {
    #expect(HTTPError.invalidURL("ftp://x").description == "Invalid URL: ftp://x (only http and https URLs are supported).")
    #expect(HTTPError.couldNotResolveHost("numbers.example").description == "Could not resolve host numbers.example.")
    #expect(HTTPError.couldNotConnect("127.0.0.1:9").description == "Could not connect to 127.0.0.1:9.")
    #expect(HTTPError.timedOut(after: .seconds(5)).description == "Timed out after 5 seconds.")
    #expect(HTTPError.timedOut(after: .milliseconds(250)).description == "Timed out after 250 ms.")
    #expect(HTTPError.status(404, body: "Not Found").description == "HTTP 404: Not Found")
    #expect(HTTPError.status(502, body: "").description == "HTTP 502.")
    #expect(HTTPError.tooLarge(limit: 1024).description == "The response was larger than 1024 bytes.")
    #expect(HTTPError.notUTF8.description == "The response was not UTF-8 text.")
    #expect(
      HTTPError.transport(code: 56, message: "Recv failure").description
        == "Transfer failed: Recv failure (curl error 56)."
    )
    #expect(HTTPError.notUTF8.localizedDescription == "The response was not UTF-8 text.")
  }

  @Test func libcurlCodesMapToErrors() {
    let request = HTTPRequest(url: "https://numbers.example/1/math", timeout: .seconds(2), maxBodySize: 10)
    func error(_ code: CURLcode, exceededLimit: Bool = false) -> HTTPError {
      HTTPError(code, message: "libcurl says no", request: request, exceededLimit: exceededLimit)
    }

    #expect(error(CURLE_URL_MALFORMAT) == .invalidURL("https://numbers.example/1/math"))
    #expect(error(CURLE_UNSUPPORTED_PROTOCOL) == .invalidURL("https://numbers.example/1/math"))
    #expect(error(CURLE_COULDNT_RESOLVE_HOST) == .couldNotResolveHost("numbers.example"))
    #expect(error(CURLE_COULDNT_CONNECT) == .couldNotConnect("numbers.example:443"))
    #expect(error(CURLE_OPERATION_TIMEDOUT) == .timedOut(after: .seconds(2)))
    #expect(error(CURLE_FILESIZE_EXCEEDED) == .tooLarge(limit: 10))
    #expect(error(CURLE_WRITE_ERROR, exceededLimit: true) == .tooLarge(limit: 10))
    #expect(error(CURLE_WRITE_ERROR) == .transport(code: 23, message: "libcurl says no"))
    #expect(error(CURLE_RECV_ERROR) == .transport(code: 56, message: "libcurl says no"))
  }

  @Test func theHeaderAndLibraryAgreeOnTheVersionStruct() throws {
    let info = try #require(curl_version_info(ccurl_version_now()))
    #expect(info.pointee.version_num >= 0x07_44_00, "curl_multi_wakeup needs libcurl 7.68")
  }
}
