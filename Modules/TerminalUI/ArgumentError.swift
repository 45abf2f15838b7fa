/// A command line a view could not turn into an action, with a message for the person who
/// typed it: `step must be a whole number from 1 to 1000, got "x"`.
public struct ArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The message, one line.
  public var message: String

  /// Creates an error with a message.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
