import Foundation
import SharingGRDB
import Testing
import TodosFeature
import TodosTesting

/// Adding, moving and sorting write the rows that move and no others; a gap exhausted by
/// repeated moves is spread out around it, and the move still lands.
struct TodosOrderTests {
  let milk = Todo.State(id: UUID(0), description: "Buy milk")
  let dog = Todo.State(id: UUID(1), description: "Walk dog")
  let mum = Todo.State(id: UUID(2), description: "Call mum")

  @Test func addingPutsATodoOnTop() throws {
    let database = try todosDatabase()
    try database.write { db in
      try TodosOrder.insertOnTop(milk, db)
      try TodosOrder.insertOnTop(dog, db)
    }
    #expect(try descriptions(database) == ["Walk dog", "Buy milk"])
  }

  @Test func movingBeforeAndAfter() throws {
    let database = try todosDatabase([milk, dog, mum])
    try database.write { db in try TodosOrder.move(mum.id, to: .before(milk.id), db) }
    #expect(try descriptions(database) == ["Call mum", "Buy milk", "Walk dog"])
    try database.write { db in try TodosOrder.move(mum.id, to: .after(dog.id), db) }
    #expect(try descriptions(database) == ["Buy milk", "Walk dog", "Call mum"])
    try database.write { db in try TodosOrder.move(milk.id, to: .after(dog.id), db) }
    #expect(try descriptions(database) == ["Walk dog", "Buy milk", "Call mum"])
    try database.write { db in try TodosOrder.move(milk.id, to: .before(mum.id), db) }
    #expect(try descriptions(database) == ["Walk dog", "Buy milk", "Call mum"])
  }

  @Test func movingAGoneTodoChangesNothing() throws {
    let database = try todosDatabase([milk, dog])
    try database.write { db in
      try TodosOrder.move(mum.id, to: .before(milk.id), db)
      try TodosOrder.move(milk.id, to: .after(mum.id), db)
    }
    #expect(try descriptions(database) == ["Buy milk", "Walk dog"])
  }

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

  @Test func sortingMovesOnlyTheCompletedTodosAboveTheLastActiveOne() throws {
    let database = try todosDatabase([
      Todo.State(id: UUID(0), description: "a", isComplete: true),
      Todo.State(id: UUID(1), description: "b"),
      Todo.State(id: UUID(2), description: "c", isComplete: true),
      Todo.State(id: UUID(3), description: "d"),
      Todo.State(id: UUID(4), description: "e", isComplete: true),
    ])
    try database.write { db in try TodosOrder.sortCompleted(db) }
    #expect(try descriptions(database) == ["b", "d", "a", "c", "e"])
    try database.write { db in try TodosOrder.sortCompleted(db) }
    #expect(try descriptions(database) == ["b", "d", "a", "c", "e"])
  }

  @Test func sortingWithNothingActiveOrNothingCompletedChangesNothing() throws {
    let done = try todosDatabase([
      Todo.State(id: UUID(0), description: "a", isComplete: true),
      Todo.State(id: UUID(1), description: "b", isComplete: true),
    ])
    try done.write { db in try TodosOrder.sortCompleted(db) }
    #expect(try descriptions(done) == ["a", "b"])
    let active = try todosDatabase([milk, dog])
    try active.write { db in try TodosOrder.sortCompleted(db) }
    #expect(try descriptions(active) == ["Buy milk", "Walk dog"])
  }

  @Test func anActionAppliesTodosRulesToItsRow() throws {
    let database = try todosDatabase([milk])
    try database.write { db in
      try Todo.Action.descriptionChanged("  Buy oat milk ").apply(toTodo: milk.id, db)
      try Todo.Action.descriptionChanged("   ").apply(toTodo: milk.id, db)
      try Todo.Action.notesChanged(" 2% fat ").apply(toTodo: milk.id, db)
      try Todo.Action.toggleCompleted.apply(toTodo: milk.id, db)
      try Todo.Action.toggleCompleted.apply(toTodo: dog.id, db)
    }
    let todo = try database.read { try TodoRequest(id: milk.id).fetch($0) }
    #expect(todo == Todo.State(id: milk.id, description: "Buy oat milk", isComplete: true, notes: "2% fat"))
  }

  @Test func deletingOneAndDeletingTheCompleted() throws {
    let database = try todosDatabase([milk, Todo.State(id: UUID(1), description: "Walk dog", isComplete: true), mum])
    try database.write { db in try TodosOrder.delete(milk.id, db) }
    #expect(try descriptions(database) == ["Walk dog", "Call mum"])
    try database.write { db in try TodosOrder.deleteCompleted(db) }
    #expect(try descriptions(database) == ["Call mum"])
  }
}
