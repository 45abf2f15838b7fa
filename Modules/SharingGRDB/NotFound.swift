/// The error a `.fetchOne(sql:)` key reports in `loadError` when its query returns no row; the
/// reference keeps its value.
public struct NotFound: Error {
  /// Creates the error.
  public init() {}
}
