import Foundation
import SharingGRDB
import Testing
import TodosFeature
import TodosTesting

/// Adding, moving and sorting write the rows that move and no others. Gaps exhausted by hundreds
/// of moves are checked in `TodosOrderScaleTests`.
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
