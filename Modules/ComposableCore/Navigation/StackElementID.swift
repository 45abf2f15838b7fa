import CustomDump
import IssueReporting

/// Identifies an element of a ``StackState``: given when the element is pushed, never reused.
///
/// The store numbers elements from 0, one generation per push; in tests a test store starts
/// from 0 too, so a test names elements by integer literal: `store.send(\.path[id: 0].save)`.
public struct StackElementID: Hashable, Sendable, Comparable {
  /// The element's number, in push order.
  package var generation: Int

  package init(generation: Int) {
    self.generation = generation
  }

  /// Orders elements by when they were pushed.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.generation < rhs.generation
  }
}

extension StackElementID: CustomDebugStringConvertible {
  /// `#` and the element's number: `#0`.
  public var debugDescription: String {
    "#\(generation)"
  }
}

extension StackElementID: CustomDumpStringConvertible {
  /// As ``debugDescription``: `#0`.
  public var customDumpDescription: String {
    debugDescription
  }
}

extension StackElementID: ExpressibleByIntegerLiteral {
  /// An id by number, for tests only: outside a test it stops the program, since ids are the
  /// store's to give.
  public init(integerLiteral value: Int) {
    if !isTesting {
      fatalError(
        """
        Stack element IDs can be written as integer literals in tests only. Outside tests, use \
        the ids of the stack's "ids" or of a "StackAction".
        """
      )
    }
    self.init(generation: value)
  }
}
