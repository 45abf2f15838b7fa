/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on

  /// Only what the test asserts is checked; the rest is skipped, and shown as expected
  /// issues when `showSkippedAssertions` is `true`.
  case off(showSkippedAssertions: Bool)

  /// Only what the test asserts is checked; skipped assertions are not shown.
  public static let off = Self.off(showSkippedAssertions: false)
}
