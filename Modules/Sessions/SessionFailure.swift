import Foundation

/// A dependency's failure as a session keeps it: the message the failure gave, and nothing else.
///
/// Recording, a dependency's error is replaced by this one with the same message, so the run
/// being recorded and its replay see the same error: the same text, the same dump.
public struct SessionFailure: Error, Equatable, LocalizedError, CustomStringConvertible, Sendable {
  /// What the failure said.
  public var message: String

  /// A failure saying `message`.
  public init(message: String) {
    self.message = message
  }

  /// The failure `error` is, as a user reads it: its localized error description, else its own
  /// description, else the system's.
  public init(_ error: any Error) {
    if let failure = error as? SessionFailure {
      self = failure
    } else if let error = error as? any LocalizedError, let description = error.errorDescription {
      self.message = description
    } else if !(type(of: error) is NSError.Type), let description = Self.selfDescription(of: error) {
      self.message = description
    } else {
      self.message = error.localizedDescription
    }
  }

  /// What the failure said.
  public var errorDescription: String? { message }

  /// What the failure said.
  public var description: String { message }

  // NB: Generic, so the cast is not taken as always succeeding through `NSError` bridging.
  private static func selfDescription<T>(of value: T) -> String? {
    (value as? any CustomStringConvertible)?.description
  }
}
