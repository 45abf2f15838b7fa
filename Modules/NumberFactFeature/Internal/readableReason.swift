import Foundation

/// A sentence that says why `error` happened, for people rather than logs.
///
/// A `LocalizedError` gives its `errorDescription`; an error that describes itself (the live
/// client's `HTTPError`: "Could not resolve host numbers.example.") gives its `description`;
/// anything else, `NSError` included, gives Foundation's `localizedDescription`.
func readableReason(for error: any Error) -> String {
  if let error = error as? any LocalizedError, let description = error.errorDescription {
    return description
  }
  // NB: `NSError` describes itself as "Error Domain=… Code=…"; its localized description reads better.
  if !(type(of: error) is NSError.Type), let description = selfDescription(of: error) {
    return description
  }
  return error.localizedDescription
}

// NB: Generic, so the compiler does not treat the cast as always succeeding through `NSError`
// bridging; at run time it succeeds only for types that really describe themselves.
private func selfDescription<T>(of value: T) -> String? {
  (value as? any CustomStringConvertible)?.description
}
