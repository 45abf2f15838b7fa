import Foundation
import GRDB

/// The list's order, written: every change to it writes the rows that move and no others.
///
/// Positions are `REAL`s, ascending in the order shown. A todo added on top takes the smallest
/// position less one; a todo moved takes the midpoint of its new neighbours'; the sort of
/// completed todos to the bottom gives the completed todos above the last active one positions
/// between it and the next todo. Each reads its neighbours through the `position` index:
/// O(log n) per row written. When two neighbours have no `REAL` between them (after some fifty
/// moves into the same gap), the rows around the gap are spread out again: the fewest, 64 at
/// first and doubling, whose positions leave a unit between each two (``respace(around:rows:_:)``).
/// A crowded spot costs its neighbourhood, never the list.
///
/// NB: each write is a cached statement: the triggers on `todos` (counts, words, history) are
///     compiled into every statement that writes it, which makes preparing one each time cost
///     more than running it.
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
      try respace(around: anchor, rows: 64, db)
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
      try respace(around: lastActive, rows: 2 * (misplaced.count + 32), db)
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
    try db.cachedStatement(sql: #"DELETE FROM "todos" WHERE "id" = ?"#).execute(arguments: [id.uuidString])
  }

  /// Deletes every completed todo.
  public static func deleteCompleted(_ db: Database) throws {
    try db.execute(sql: #"DELETE FROM "todos" WHERE "isComplete" = 1"#)
  }

  /// Spreads out the positions around `position`: the `rows` todos nearest it in the order
  /// shown (half before, half after), doubled until their positions span a unit per todo, get
  /// evenly spaced positions across that span, in the same order. At either end of the list the
  /// span reaches as far past it as it needs. Writes those rows and no others.
  static func respace(around position: Double, rows: Int, _ db: Database) throws {
    var half = max(1, rows / 2)
    while true {
      let before = try Row.fetchAll(db, sql: """
        SELECT "id", "position" FROM "todos" WHERE "position" <= ? ORDER BY "position" DESC LIMIT ?
        """, arguments: [position, half]).reversed()
      let after = try Row.fetchAll(db, sql: """
        SELECT "id", "position" FROM "todos" WHERE "position" > ? ORDER BY "position" LIMIT ?
        """, arguments: [position, half])
      let neighbourhood = Array(before) + after
      guard let first = neighbourhood.first, let last = neighbourhood.last else { return }
      let count = Double(neighbourhood.count)
      // NB: past an end of the list there is no todo to crowd: the span may reach beyond it.
      let start: Double = before.count < half ? (first["position"] as Double) - count : first["position"]
      let end: Double = after.count < half ? (last["position"] as Double) + count : last["position"]
      guard end - start >= count || (before.count < half && after.count < half) else {
        half *= 2
        continue
      }
      let step = (end - start) / (count + 1)
      let statement = try db.cachedStatement(sql: #"UPDATE "todos" SET "position" = ? WHERE "id" = ?"#)
      for (offset, row) in neighbourhood.enumerated() {
        try statement.execute(arguments: [start + step * Double(offset + 1), row["id"] as String])
      }
      return
    }
  }

  private static func position(of id: Todo.State.ID, _ db: Database) throws -> Double? {
    try Double.fetchOne(db.cachedStatement(sql: #"SELECT "position" FROM "todos" WHERE "id" = ?"#), arguments: [id.uuidString])
  }

  private static func setPosition(_ position: Double, of id: Todo.State.ID, _ db: Database) throws {
    try db.cachedStatement(sql: #"UPDATE "todos" SET "position" = ? WHERE "id" = ?"#)
      .execute(arguments: [position, id.uuidString])
  }
}
