import Dependencies
import GRDB
import IssueReporting

extension DependencyValues {
  /// The database `.fetch`, `.fetchAll(sql:)` and `.fetchOne(sql:)` read when given none.
  ///
  /// Set it once, as early as the program starts, after opening the database and migrating it:
  ///
  /// ```swift
  /// prepareDependencies {
  ///   $0.defaultDatabase = try! DatabasePool(path: dataDirectory.appendingPathComponent("db.sqlite").path)
  /// }
  /// ```
  ///
  /// and write through it wherever it is needed:
  ///
  /// ```swift
  /// @Dependency(\.defaultDatabase) var database
  /// try database.write { db in try item.insert(db) }
  /// ```
  ///
  /// A test sets its own (`withDependencies { $0.defaultDatabase = try DatabaseQueue() }`), so
  /// each test reads a database of its own. Read without being set, it is a blank in-memory
  /// database, and the read is reported as an issue saying how to set it.
  public var defaultDatabase: any DatabaseWriter {
    get { self[DefaultDatabaseKey.self] }
    set { self[DefaultDatabaseKey.self] = newValue }
  }
}

/// The blank database that stands in until `defaultDatabase` is set, live or under test.
private enum DefaultDatabaseKey: DependencyKey {
  static var liveValue: any DatabaseWriter { testValue }

  static var testValue: any DatabaseWriter {
    // NB: the getter also runs when the value is being set; only a read is reported.
    if shouldReportUnimplemented {
      @Dependency(\.context) var context
      reportIssue(unsetDatabaseMessage(in: context))
    }
    var configuration = Configuration()
    #if DEBUG
      configuration.label = .defaultDatabaseLabel
    #endif
    // NB: an in-memory database opens without touching the file system; it cannot fail.
    return try! DatabaseQueue(configuration: configuration)
  }
}

#if DEBUG
  extension String {
    /// The label of the blank stand-in database: keys that read it load nothing and observe
    /// nothing, so the issue about it is reported once, not once per query.
    static let defaultDatabaseLabel = "co.pointfree.SharingGRDB.testValue"
  }
#endif

/// What is reported when `defaultDatabase` is read before it is set, worded for where the
/// program runs.
private func unsetDatabaseMessage(in context: DependencyContext) -> String {
  let blank = "A blank, in-memory database is being used. To set the database that is used by 'SharingGRDB'"
  switch context {
  case .live:
    return """
      \(blank), use the 'prepareDependencies' tool as early as possible in the lifetime of your \
      app, such as in your app or scene delegate in UIKit, or the app entry point in SwiftUI:

          @main
          struct MyApp: App {
            init() {
              prepareDependencies {
                $0.defaultDatabase = try! DatabaseQueue(/* ... */)
              }
            }
            // ...
          }
      """
  case .preview:
    return """
      \(blank) in a preview, use a tool like 'prepareDependencies':

          #Preview {
            let _ = prepareDependencies {
              $0.defaultDatabase = try! DatabaseQueue(/* ... */)
            }
            // ...
          }
      """
  case .test:
    return """
      \(blank) in a test, use a tool like the 'dependency' trait from 'DependenciesTestSupport':

          import DependenciesTestSupport

          @Suite(.dependency(\\.defaultDatabase, try DatabaseQueue(/* ... */)))
          struct MyTests {
            // ...
          }
      """
  }
}
