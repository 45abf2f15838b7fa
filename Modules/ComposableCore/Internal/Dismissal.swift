/// How a task started by a presented child's effect dismisses that child.
enum Dismissal {
  /// Sends the dismissing action of the innermost presentation the running effect belongs to.
  @TaskLocal static var current: (@MainActor @Sendable () -> Void)?
}
