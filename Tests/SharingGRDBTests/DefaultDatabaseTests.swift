import IssueReportingTestSupport
import SharingGRDB
import Testing

/// `@Dependency(\.defaultDatabase)`: what a test sets, or a blank database and an issue.
struct DefaultDatabaseTests {
  /// What sharing-grdb reports when a test reads the default database without setting it.
  static let unsetInATest = """
    A blank, in-memory database is being used. To set the database that is used by 'SharingGRDB' \
    in a test, use a tool like the 'dependency' trait from 'DependenciesTestSupport':

        import DependenciesTestSupport

        @Suite(.dependency(\\.defaultDatabase, try DatabaseQueue(/* ... */)))
        struct MyTests {
          // ...
        }
    """

  /// What sharing-grdb reports when an app reads it without setting it.
  static let unsetLive = """
    A blank, in-memory database is being used. To set the database that is used by 'SharingGRDB', \
    use the 'prepareDependencies' tool as early as possible in the lifetime of your app, such as \
    in your app or scene delegate in UIKit, or the app entry point in SwiftUI:

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

  /// What sharing-grdb reports when a preview reads it without setting it.
  static let unsetInAPreview = """
    A blank, in-memory database is being used. To set the database that is used by 'SharingGRDB' \
    in a preview, use a tool like 'prepareDependencies':

        #Preview {
          let _ = prepareDependencies {
            $0.defaultDatabase = try! DatabaseQueue(/* ... */)
          }
          // ...
        }
    """

  @Test(arguments: [(DependencyContext.live, unsetLive), (.preview, unsetInAPreview)])
  func theMessageFitsWhereTheProgramRuns(context: DependencyContext, message: String) {
    withKnownIssue {
      withDependencies { $0.context = context } operation: {
        @Dependency(\.defaultDatabase) var database
        #expect(database.path == ":memory:")
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [message]
    }
  }

  @Test func readingItUnsetReportsAnIssueAndGivesABlankDatabase() throws {
    withKnownIssue {
      @Dependency(\.defaultDatabase) var database
      #expect(database.path == ":memory:")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [Self.unsetInATest]
    }
  }

  @Test func aKeyOnTheUnsetDatabaseLoadsNothing() throws {
    withKnownIssue {
      @SharedReader(.fetchAll(sql: "SELECT * FROM items")) var items: [Item]
      #expect(items.isEmpty)
      #expect($items.loadError == nil)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [Self.unsetInATest]
    }
  }

  @Test func aDatabaseSetForTheTestIsTheOneReadAndNothingIsReported() throws {
    let database = try itemsDatabase([Item(id: 1, title: "Milk")])
    withDependencies { $0.defaultDatabase = database } operation: {
      @Dependency(\.defaultDatabase) var current
      #expect(current === database)
      @SharedReader(.fetchAll(sql: "SELECT * FROM items")) var items: [Item]
      #expect(items.titles == ["Milk"])
    }
  }
}
