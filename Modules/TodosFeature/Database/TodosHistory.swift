import GRDB

/// The list's history, in the database: every change the app makes to the list is a step
/// that `undo` takes back and `redo` makes again.
///
/// A change is recorded in its own transaction (``record(in:as:_:)``): the triggers on
/// `todos` keep, for each todo it touches, the todo as it was before (see ``TodosSchema``'s
/// history migration). Undoing a step puts back each todo it touched as it was before the
/// step — inserting the deleted ones, in their places, deleting the inserted ones — and records
/// that as a step to redo, in one transaction. So a step costs what it touched, whatever the
/// list holds, and a crash or a kill leaves either the change with its step or neither.
///
/// The history belongs to the list: it survives a restart, and every copy of the app working on
/// the same data directory shares it. A new change forgets what could be redone; past ``limit``
/// steps the oldest are forgotten, ``forgottenTogether`` at a time. A program writing the
/// database itself (not through the app) leaves no step, and undo does not take its change back.
public enum TodosHistory {
  /// How many steps can be undone at least: older ones are forgotten.
  public static let limit: Int64 = 1_000

  /// How many of the oldest steps are forgotten at once, past ``limit``: at most ``limit`` plus
  /// this many less one are kept.
  public static let forgottenTogether: Int64 = 100

  /// How many todos put back by one undo or redo have their words indexed together, at the
  /// end, rather than one by one as they are inserted.
  static let indexedTogether = 64

  /// Whether there is a step to undo, and one to redo.
  public struct Availability: Equatable, Sendable {
    /// There is a change to undo.
    public var canUndo: Bool
    /// There is an undone change to redo.
    public var canRedo: Bool

    /// Creates an availability; by default, nothing to undo or redo.
    public init(canUndo: Bool = false, canRedo: Bool = false) {
      self.canUndo = canUndo
      self.canRedo = canRedo
    }

    /// The availability a history whose highest and lowest step numbers are these tells (`nil`
    /// for an empty history): steps to undo are numbered up from 1, steps to redo down from -1.
    init(highestStep: Int64?, lowestStep: Int64?) {
      self.init(canUndo: (highestStep ?? 0) > 0, canRedo: (lowestStep ?? 0) < 0)
    }
  }

  /// How a change is recorded.
  public enum Recording: Equatable, Sendable {
    /// As a step of its own: forgetting what could be redone, when it changed anything.
    case newStep
    /// As part of the last step, forgetting nothing: the sort of completed todos that follows a
    /// toggle or a move is undone with it.
    case joiningLast
  }

  /// Writes `change` as a step of the history (``Recording``), in the caller's transaction.
  public static func record(in db: Database, as recording: Recording = .newStep, _ change: (Database) throws -> Void) throws {
    let last = try lastStep(isRedo: false, db)
    if recording == .joiningLast, let last {
      try write(into: last, db, change)
      return
    }
    let step = (last ?? 0) + 1
    try write(into: step, db, change)
    let touched = try db.cachedStatement(sql: #"SELECT EXISTS (SELECT 1 FROM "todoHistory" WHERE "step" = ?)"#)
    guard try Bool.fetchOne(touched, arguments: [step]) == true else { return }
    if try lastStep(isRedo: true, db) != nil {
      try db.cachedStatement(sql: #"DELETE FROM "todoHistory" WHERE "step" < 0"#).execute()
    }
    // NB: past the limit, the oldest steps are forgotten ``forgottenTogether`` at a time, by the
    //     steps whose number is a multiple of it: between them, the head of the history (its
    //     pages, and the freelist's) is not written at every change.
    guard step % forgottenTogether == 0 else { return }
    try db.cachedStatement(sql: #"DELETE FROM "todoHistory" WHERE "step" > 0 AND "step" <= ?"#)
      .execute(arguments: [step - limit])
  }

  /// Takes back the last change; `false` when there is none.
  @discardableResult
  public static func undo(_ db: Database) throws -> Bool {
    try reverse(isRedo: false, db)
  }

  /// Makes the last undone change again; `false` when there is none.
  @discardableResult
  public static func redo(_ db: Database) throws -> Bool {
    try reverse(isRedo: true, db)
  }

  /// Puts back the todos the last step of its kind touched as they were before it, recording
  /// that as the next step of the other kind, and forgets the step.
  private static func reverse(isRedo: Bool, _ db: Database) throws -> Bool {
    guard let step = try lastStep(isRedo: isRedo, db) else { return false }
    let inverse = isRedo ? (try lastStep(isRedo: false, db) ?? 0) + 1 : (try lastStep(isRedo: true, db) ?? 0) - 1
    try write(into: inverse, db) { db in
      try db.cachedStatement(sql: """
        DELETE FROM "todos" WHERE "id" IN (SELECT "todo" FROM "todoHistory" WHERE "step" = ? AND "existed" = 0)
        """).execute(arguments: [step])
      // NB: many todos put back at once (undoing `clear`) have their words read together; a
      //     few are indexed one by one by the trigger, as any insert.
      let many = try Int.fetchOne(db.cachedStatement(sql: """
        SELECT count(*) FROM (SELECT 1 FROM "todoHistory" WHERE "step" = ? AND "existed" = 1 LIMIT ?)
        """), arguments: [step, indexedTogether]) == indexedTogether
      let last = many ? try TodosWordIndex.deferIndexing(db) : nil
      try db.cachedStatement(sql: """
        INSERT INTO "todos" ("id", "description", "isComplete", "notes", "position")
        SELECT "todo", "description", "isComplete", "notes", "position" FROM "todoHistory"
        WHERE "step" = ? AND "existed" = 1
        ON CONFLICT ("id") DO UPDATE SET "description" = excluded."description",
          "isComplete" = excluded."isComplete", "notes" = excluded."notes", "position" = excluded."position"
        """).execute(arguments: [step])
      if many { try TodosWordIndex.indexRows(after: last, db) }
    }
    try db.cachedStatement(sql: #"DELETE FROM "todoHistory" WHERE "step" = ?"#).execute(arguments: [step])
    return true
  }

  /// Runs `change` with the triggers writing what it touches into `step`.
  private static func write(into step: Int64, _ db: Database, _ change: (Database) throws -> Void) throws {
    let statement = try db.cachedStatement(sql: #"UPDATE "todoRecording" SET "step" = ?"#)
    try statement.execute(arguments: [step])
    try change(db)
    try statement.execute(arguments: [nil as Int64?])
  }

  /// The last step to undo (the largest, when positive), or to redo (the smallest, when
  /// negative).
  private static func lastStep(isRedo: Bool, _ db: Database) throws -> Int64? {
    let statement = try db.cachedStatement(sql: isRedo
      ? #"SELECT min("step") FROM "todoHistory""#
      : #"SELECT max("step") FROM "todoHistory""#)
    guard let step = try Int64.fetchOne(statement) else { return nil }
    return (isRedo ? step < 0 : step > 0) ? step : nil
  }
}
