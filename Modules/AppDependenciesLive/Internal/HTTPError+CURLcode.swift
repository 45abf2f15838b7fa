import CCurl
import Foundation

extension HTTPError {
  /// The error for a transfer of `request` that libcurl ended with `code`.
  ///
  /// `exceededLimit` tells a body refused by the size limit from other write errors.
  init(_ code: CURLcode, message: String, request: HTTPRequest, exceededLimit: Bool = false) {
    switch code {
    case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
      self = .invalidURL(request.url)
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      self = .couldNotResolveHost(Self.address(of: request.url).host)
    case CURLE_COULDNT_CONNECT:
      let (host, port) = Self.address(of: request.url)
      self = .couldNotConnect("\(host):\(port)")
    case CURLE_OPERATION_TIMEDOUT:
      self = .timedOut(after: request.timeout)
    case CURLE_FILESIZE_EXCEEDED:
      self = .tooLarge(limit: request.maxBodySize)
    case CURLE_WRITE_ERROR where exceededLimit:
      self = .tooLarge(limit: request.maxBodySize)
    default:
      self = .transport(code: Int(code.rawValue), message: message)
    }
  }

  /// The host and port a URL names, with the scheme's default port when it names none.
  private static func address(of url: String) -> (host: String, port: Int) {
    let components = URLComponents(string: url)
    let host = components?.host ?? url
    let port = components?.port ?? (components?.scheme == "https" ? 443 : 80)
    return (host, port)
  }
}
