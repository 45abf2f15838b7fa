import Foundation
import SharingGRDB
import Testing
import TodosFeature
import TodosTesting

/// The history past its limit of steps: more than a thousand changes recorded, so a tier of its
/// own; `TodosHistoryTests` keeps undo and redo as a feature's loop checks them.
@Suite(.timeLimit(.minutes(5)))
struct TodosHistoryScaleTests {
  /// Past the limit, the oldest steps are forgotten a hundred at a time, never leaving fewer than
  /// the limit to undo: the step past the limit keeps the first, and the step whose number is the
  /// next multiple of a hundred forgets every step before the last thousand.
  @Test func pastTheLimitTheOldestStepsAreForgottenTogether() throws {
    let database = try todosDatabase()
    let kept = { try database.read { db in
      try Int64.fetchAll(db, sql: #"SELECT DISTINCT "step" FROM "todoHistory" ORDER BY "step""#)
    } }
    var added = 0
    func add(_ count: Int64) throws {
      try database.write { db in
        for _ in 0..<count {
          added += 1
          let todo = Todo.State(id: UUID(added), description: "Todo \(added)")
          try TodosHistory.record(in: db) { db in try TodosOrder.insertOnTop(todo, db) }
        }
      }
    }
    try add(TodosHistory.limit + 1)
    #expect(try kept() == Array(1...(TodosHistory.limit + 1)))
    try add(TodosHistory.forgottenTogether - 2)
    #expect(try kept().count == Int(TodosHistory.limit + TodosHistory.forgottenTogether - 1))
    try add(1)
    #expect(try kept() == Array((TodosHistory.forgottenTogether + 1)...(TodosHistory.limit + TodosHistory.forgottenTogether)))
  }
}
