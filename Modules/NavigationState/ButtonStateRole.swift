/// What a button does to the presentation it belongs to: cancels it, or does something that
/// cannot be undone.
public enum ButtonStateRole: Equatable, Hashable, Sendable {
  /// Dismisses the alert or dialog without doing anything. At the terminal, the answer given
  /// when the line is empty.
  case cancel

  /// Deletes or discards data.
  case destructive
}
