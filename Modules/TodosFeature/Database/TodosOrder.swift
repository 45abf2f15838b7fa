import Foundation
import GRDB

/// The list's order, written: every change to it writes the rows that move and no others.
///
/// Positions are `REAL`s, ascending in the order shown. A todo added on top takes the smallest
/// position less one; a todo moved takes the midpoint of its new neighbours'; the sort of
/// completed todos to the bottom gives the completed todos above the last active one positions
/// between it and the next todo. Each reads its neighbours through the `position` index:
/// O(log n) per row written. Only when two neighbours have no `REAL` between them (after some fifty
/// moves into the same gap) is every position renumbered, once, to 0, 1, 2…
public enum TodosOrder {
  /// Inserts `todo` on top of the list.
  public static func insertOnTop(_ todo: Todo.State, _ db: Database) throws {
    let first = try Double.fetchOne(db, sql: #"SELECT min("position") FROM "todos""#)
    try todo.insert(db, position: (first ?? 1) - 1)
  }

  /// Moves the todo with `id` to `destination`; nothing when either todo is gone.
  public static func move(_ id: Todo.State.ID, to destination: MoveDestination, _ db: Database) throws {
    let anchorID = destination.anchor
    guard anchorID != id, try position(of: id, db) != nil, let anchor = try position(of: anchorID, db) else { return }
    let neighbour: Double?
    switch destination {
    case .before:
      neighbour = try Double.fetchOne(db, sql: """
        SELECT max("position") FROM "todos" WHERE "position" < ? AND "id" <> ?
        """, arguments: [anchor, id.uuidString])
    case .after:
      neighbour = try Double.fetchOne(db, sql: """
        SELECT min("position") FROM "todos" WHERE "position" > ? AND "id" <> ?
        """, arguments: [anchor, id.uuidString])
    }
    let position: Double
    switch (destination, neighbour) {
    case (.before, nil): position = anchor - 1
    case (.after, nil): position = anchor + 1
    case (_, let neighbour?): position = (anchor + neighbour) / 2
    }
    guard position != anchor, position != neighbour else {
      try renumber(db)
      try move(id, to: destination, db)
      return
    }
    try setPosition(position, of: id, db)
  }

  /// Sorts the completed todos below the active ones, each keeping its order among its kind:
  /// the completed todos above the last active one are moved, in order, between it and the todo
  /// after it. Nothing is written when they are sorted already.
  public static func sortCompleted(_ db: Database) throws {
    guard let lastActive = try Double.fetchOne(db, sql: #"SELECT max("position") FROM "todos" WHERE "isComplete" = 0"#)
    else { return }
    let misplaced = try String.fetchAll(db, sql: """
      SELECT "id" FROM "todos" WHERE "isComplete" = 1 AND "position" < ? ORDER BY "position"
      """, arguments: [lastActive])
    guard !misplaced.isEmpty else { return }
    let next = try Double.fetchOne(db, sql: #"SELECT min("position") FROM "todos" WHERE "position" > ?"#, arguments: [lastActive])
    let end = next ?? lastActive + Double(misplaced.count + 1)
    let step = (end - lastActive) / Double(misplaced.count + 1)
    let positions = misplaced.indices.map { lastActive + step * Double($0 + 1) }
    // NB: every position strictly between its neighbours, or the gap is too small to share.
    let isSpread = zip([lastActive] + positions, positions + [end]).allSatisfy { $0 < $1 }
    guard isSpread else {
      try renumber(db)
      try sortCompleted(db)
      return
    }
    let statement = try db.cachedStatement(sql: #"UPDATE "todos" SET "position" = ? WHERE "id" = ?"#)
    for (id, position) in zip(misplaced, positions) {
      try statement.execute(arguments: [position, id])
    }
  }

  /// Deletes the todo with `id`.
  public static func delete(_ id: Todo.State.ID, _ db: Database) throws {
    try db.execute(sql: #"DELETE FROM "todos" WHERE "id" = ?"#, arguments: [id.uuidString])
  }

  /// Deletes every completed todo.
  public static func deleteCompleted(_ db: Database) throws {
    try db.execute(sql: #"DELETE FROM "todos" WHERE "isComplete" = 1"#)
  }

  /// Gives every todo the position of its rank: 0, 1, 2… in the order shown. The one write that
  /// touches every row, made only when a gap between two positions is exhausted.
  static func renumber(_ db: Database) throws {
    try db.execute(sql: """
      UPDATE "todos" SET "position" = "ranked"."rank"
      FROM (SELECT "id", row_number() OVER (ORDER BY "position") - 1 AS "rank" FROM "todos") AS "ranked"
      WHERE "todos"."id" = "ranked"."id"
      """)
  }

  private static func position(of id: Todo.State.ID, _ db: Database) throws -> Double? {
    try Double.fetchOne(db, sql: #"SELECT "position" FROM "todos" WHERE "id" = ?"#, arguments: [id.uuidString])
  }

  private static func setPosition(_ position: Double, of id: Todo.State.ID, _ db: Database) throws {
    try db.execute(sql: #"UPDATE "todos" SET "position" = ? WHERE "id" = ?"#, arguments: [position, id.uuidString])
  }
}
