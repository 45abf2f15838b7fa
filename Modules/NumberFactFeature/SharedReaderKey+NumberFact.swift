import Persistence

extension SharedReaderKey where Self == InMemoryKey<[String]>.Default {
  /// The facts fetched so far, oldest first, kept in memory for the life of the process and
  /// empty at launch.
  ///
  /// ```swift
  /// NumberFact.State(count: SharedReader($count), kind: SharedReader($kind), history: Shared(.factHistory))
  /// ```
  public static var factHistory: Self {
    Self[.inMemory("fact-history"), default: []]
  }
}
