/// Whether a confirmation dialog shows its title.
public enum ConfirmationDialogStateTitleVisibility: Equatable, Hashable, Sendable {
  /// As the platform chooses; the terminal shows it.
  case automatic

  /// Never shown.
  case hidden

  /// Always shown.
  case visible
}
