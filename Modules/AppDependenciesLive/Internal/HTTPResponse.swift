import Foundation

/// A complete response: its status code and its whole body.
struct HTTPResponse: Sendable {
  /// The HTTP status code, such as 200 or 404.
  var status: Int
  /// The body's bytes, at most the request's `maxBodySize`.
  var body: [UInt8]

  /// The body as text, if the status is a success and the body is UTF-8.
  ///
  /// An unsuccessful status throws ``HTTPError/status(_:body:)`` with the start of the body,
  /// which is where servers usually say what went wrong.
  func text() throws(HTTPError) -> String {
    guard (200..<300).contains(status) else {
      throw .status(status, body: Self.excerpt(of: body))
    }
    guard let text = String(validating: body, as: UTF8.self) else {
      throw .notUTF8
    }
    return text
  }

  /// The first line or so of a body, for an error message, control characters replaced.
  private static func excerpt(of body: [UInt8], limit: Int = 200) -> String {
    let text = String(decoding: body.prefix(limit), as: UTF8.self).replacingControlCharacters()
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return body.count > limit || line.count < text.count ? trimmed + "…" : trimmed
  }
}
