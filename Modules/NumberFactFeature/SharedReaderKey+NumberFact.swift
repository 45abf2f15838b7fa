import ComposableCore
import Foundation
import Persistence

extension SharedReaderKey where Self == FileStorageKey<[String]>.Default {
  /// The facts fetched so far, oldest first: `facts.json` in the data directory
  /// (`\.defaultDataDirectory`), kept across runs, empty until the first fact.
  ///
  /// A document-sized value, capped at ``NumberFact/historyLimit`` facts, written whole: what
  /// file storage is for (the growing todo list is in a database instead).
  ///
  /// ```swift
  /// NumberFact.State(count: SharedReader($count), kind: SharedReader($kind), history: Shared(.factHistory))
  /// ```
  public static var factHistory: Self {
    @Dependency(\.defaultDataDirectory) var dataDirectory
    return Self[.fileStorage(dataDirectory.appendingPathComponent("facts.json")), default: []]
  }
}
