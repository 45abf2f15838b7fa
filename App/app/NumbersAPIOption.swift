import ArgumentParser
import Foundation

/// The check both commands make of `--numbers-api`.
enum NumbersAPIOption {
  /// Throws a validation error unless `value` is an http or https URL with a host.
  static func validate(_ value: String) throws {
    guard let url = URL(string: value), ["http", "https"].contains(url.scheme), url.host != nil
    else { throw ValidationError("--numbers-api must be an http or https URL, got \"\(value)\"") }
  }
}
