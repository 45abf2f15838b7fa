import ConcurrencyExtras

/// The store and place in its feature tree an effect's task runs for, bound while the task
/// runs, so `Task.cancel(id:)` and `withTaskCancellation(id:)` inside it reach the cancel ids
/// that `.cancellable(id:)` and `.cancel(id:)` use there.
struct EffectScope: Sendable {
  /// The running effect's scope; `nil` outside any store's effect.
  @TaskLocal static var current: EffectScope?

  weak var store: (any EffectCancelling)?
  let context: EffectContext

  /// Cancels the store's work registered under `id` here and below.
  @MainActor
  func cancel(_ id: AnyHashableSendable) {
    store?.cancel(id: id, in: context)
  }
}

/// A root store, as seen by the effects it runs: work can be cancelled, or started, by id.
@MainActor
protocol EffectCancelling: AnyObject, Sendable {
  /// Cancels the work registered under `id` at the place `context` describes, and below it.
  func cancel(id: AnyHashableSendable, in context: EffectContext)
  /// Registers `task` under `id` at the place `context` describes; returns what to untrack.
  func track(_ task: Task<Void, Never>, id: AnyHashableSendable, in context: EffectContext) -> Int
  /// Forgets a task registered with ``track(_:id:in:)``, once it has ended.
  func untrack(_ handleID: Int)
}
