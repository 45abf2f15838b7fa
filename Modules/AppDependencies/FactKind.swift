/// The kind of fact to ask for about a number, as numbersapi.com names them.
///
/// The raw value is the path component the service expects, so a request for
/// ``FactKind/math`` facts about 42 is `GET /42/math`.
public enum FactKind: String, CaseIterable, Codable, Hashable, Sendable {
  /// A fact about the number itself, from culture and history: "42 is the answer to …".
  case trivia
  /// A mathematical property of the number: "42 is a pronic number".
  case math
  /// Something that happened in the year the number names.
  case year
  /// Something that happened on the day of the year the number names (1 is 1 January).
  case date
}
