/// How a task started by a presented child's effect dismisses that child.
enum Dismissal {
  /// Sends the dismissing action of the innermost presentation the running effect belongs to.
  ///
  /// NB: The closure is held in a struct, not bound as an optional function type: Swift 6.3's
  ///     optimizer passes a bad type to the runtime when it specializes `withValue` for a task
  ///     local of type `(@MainActor @Sendable () -> Void)?`, and a release build crashed in
  ///     `swift_task_localValuePush` at the start of every effect's task.
  @TaskLocal static var current: Handler?

  /// Dismisses the presentation an effect belongs to.
  struct Handler: Sendable {
    let dismiss: @MainActor @Sendable () -> Void

    @MainActor
    func callAsFunction() {
      dismiss()
    }
  }
}
