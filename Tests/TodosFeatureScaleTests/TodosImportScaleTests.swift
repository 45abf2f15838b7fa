import Foundation
import SharingGRDB
import TemporaryFiles
import Testing
import TodosFeature
import TodosTesting

/// An earlier app's `todos.json` of 100,000 todos is imported in one transaction, in seconds:
/// an import that cost a statement or a read of the list per todo would fail the time limit.
@Suite(.timeLimit(.minutes(5)))
struct TodosImportScaleTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aHundredThousandTodosImportInOneTransaction() async throws {
    let directory = try TemporaryDirectory()
    let count = 100_000
    let json = "[" + (0..<count).map { index in
      #"{"id":"\#(UUID(index).uuidString)","description":"Todo \#(index)","isComplete":\#(index % 3 == 0)}"#
    }.joined(separator: ",") + "]"
    try Data(json.utf8).write(to: directory.file("todos.json"))
    // NB: the suite's time limit, not a timing, is what a quadratic import would fail.
    let opening = try await offThePool { [now, url = directory.url] in try TodosDatabase.open(in: url, now: now) }
    #expect(opening.reports.first?.hasPrefix("Imported 100000 todos from ") == true)
    let (counts, last) = try opening.database.read { db in
      (
        try Row.fetchOne(db, sql: #"SELECT "total", "completed" FROM "todoCounts""#),
        try String.fetchOne(db, sql: #"SELECT "description" FROM "todos" ORDER BY "position" LIMIT 1 OFFSET 99999"#)
      )
    }
    #expect(counts == ["total": count, "completed": 33_334])
    #expect(last == "Todo 99999")
  }
}
