import DependenciesMacros

/// Fetches a short, human-readable fact about a number.
///
/// Features reach it through `@Dependency(\.numberFact)` and call it as a method:
///
/// ```swift
/// @Dependency(\.numberFact) var numberFact
/// let fact = try await numberFact.fetch(42, .trivia)
/// ```
///
/// The interface lives here, light and free of I/O; the live implementation that talks to
/// numbersapi.com lives in `AppDependenciesLive`, which only the executable links. In tests
/// the client is unimplemented, so a test overrides exactly the endpoint it exercises:
///
/// ```swift
/// $0.numberFact.fetch = { number, _ in "\(number) is a good number." }
/// ```
@DependencyClient
public struct NumberFactClient: Sendable {
  /// Returns a fact of the given kind about `number`.
  ///
  /// A number the service knows nothing about still has a fact ("… is a boring number."),
  /// so this throws only when the fact could not be fetched at all.
  public var fetch: @Sendable (_ number: Int, _ kind: FactKind) async throws -> String
}
