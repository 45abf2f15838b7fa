/// Why a `--seed key=value` was refused: a readable message naming the key and what it takes.
public struct PreviewSeedError: Error, Equatable, CustomStringConvertible {
  /// The message, e.g. `--seed step: expected a whole number from 1 to 1000, got "0"`.
  public var description: String

  /// Creates an error with a message.
  public init(_ description: String) {
    self.description = description
  }
}
