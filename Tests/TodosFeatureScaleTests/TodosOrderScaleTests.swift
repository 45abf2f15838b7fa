import Foundation
import SharingGRDB
import Testing
import TodosFeature
import TodosTesting

/// Moves into one gap until it runs out, again and again: the rows around it are spread out each
/// time, the move still lands, and rows far from the gap keep their positions. Some fifty moves
/// exhaust a gap, so each test makes hundreds; `TodosOrderTests` keeps the moves a feature's
/// loop checks.
@Suite(.timeLimit(.minutes(5)))
struct TodosOrderScaleTests {
  let milk = Todo.State(id: UUID(0), description: "Buy milk")
  let dog = Todo.State(id: UUID(1), description: "Walk dog")
  let mum = Todo.State(id: UUID(2), description: "Call mum")

  @Test func anExhaustedGapIsSpreadOutAndTheMoveLands() throws {
    let database = try todosDatabase([milk, dog, mum])
    // NB: each move halves the gap under "Buy milk"; a REAL has some fifty halvings.
    for round in 0..<200 {
      let moved = round.isMultiple(of: 2) ? mum : dog
      try database.write { db in try TodosOrder.move(moved.id, to: .after(milk.id), db) }
      let expected = round.isMultiple(of: 2)
        ? ["Buy milk", "Call mum", "Walk dog"]
        : ["Buy milk", "Walk dog", "Call mum"]
      #expect(try descriptions(database) == expected, "round \(round)")
    }
    let positions = try database.read { try Double.fetchAll($0, sql: #"SELECT "position" FROM "todos" ORDER BY "position""#) }
    #expect(Set(positions).count == 3)
  }

  /// Moves into one gap of a long list, again and again: each time the gap runs out, the rows
  /// around it are spread out, and the rows far from it keep their positions — the cost is the
  /// neighbourhood's, not the list's.
  @Test func anExhaustedGapSpreadsOutItsNeighbourhoodOnly() throws {
    let database = TodosDatabase.inMemory()
    try database.write { db in
      // NB: their words are left unread: positions are what matters here.
      let last = try TodosWordIndex.deferIndexing(db)
      defer { _ = try? TodosWordIndex.indexLater(after: last, db) }
      try db.execute(sql: """
        WITH RECURSIVE "n"("i") AS (SELECT 0 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" + 1 < 10000)
        INSERT INTO "todos" ("id", "description", "isComplete", "position")
        SELECT printf('00000000-0000-0000-0000-%012X', "i"), 'Todo ' || "i", 0, 10 * "i" FROM "n"
        """)
    }
    let first = UUID(0)
    for round in 0..<300 {
      let moved = round.isMultiple(of: 2) ? UUID(2) : UUID(1)
      try database.write { db in try TodosOrder.move(moved, to: .after(first), db) }
    }
    let (order, far) = try database.read { db in
      (
        try String.fetchAll(db, sql: #"SELECT "description" FROM "todos" ORDER BY "position" LIMIT 4"#),
        try Double.fetchAll(db, sql: #"SELECT "position" FROM "todos" WHERE "description" IN ('Todo 5000', 'Todo 9999') ORDER BY "position""#)
      )
    }
    #expect(order == ["Todo 0", "Todo 1", "Todo 2", "Todo 3"])
    #expect(far == [50_000, 99_990])
  }
}
