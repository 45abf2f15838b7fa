import Foundation
import SharingGRDB

/// Positions in the filtered list turned into todos' ids, and back: what a command names a todo
/// by, read where the window shown does not hold it. Each costs a pass over the list's blocks
/// and at most a block's todos (``TodoBlocks``), wherever the todo lies; under a find for one
/// word, a pass over the word's blocks and at most a block's matches (``TodoWordBlocks``).
public struct TodoPositions: FetchKeyRequest {
  /// Which todos are shown.
  public var filter: Filter
  /// The words the todos shown hold; empty for every todo.
  public var find: TodosFind
  /// Offsets among those shown to read the ids at.
  public var offsets: [Int]
  /// Ids to read the offsets of, among those shown.
  public var ids: [Todo.State.ID]

  /// The ids at `offsets` and the offsets of `ids`, under `filter` and `find`.
  public init(filter: Filter, find: TodosFind = TodosFind(), offsets: [Int] = [], ids: [Todo.State.ID] = []) {
    self.filter = filter
    self.find = find
    self.offsets = offsets
    self.ids = ids
  }

  /// The ids at the offsets asked for (`nil` past the end), and the offsets of the ids asked
  /// for (`nil` for a todo the filter hides, or one deleted).
  public struct Value: Equatable, Sendable {
    /// The id at each offset asked for.
    public var ids: [Todo.State.ID?]
    /// The offset of each id asked for.
    public var offsets: [Int?]

    /// Creates the answer.
    public init(ids: [Todo.State.ID?] = [], offsets: [Int?] = []) {
      self.ids = ids
      self.offsets = offsets
    }
  }

  /// Reads each id and offset.
  public func fetch(_ db: Database) throws -> Value {
    guard find.isEmpty else { return try fetchMatches(db) }
    let idStatement = try db.cachedStatement(sql: """
      SELECT "id" FROM "todos" WHERE \(filter.sqlCondition) AND "position" >= ?
      ORDER BY "position" LIMIT 1 OFFSET ?
      """)
    let found = try offsets.map { offset -> Todo.State.ID? in
      guard offset >= 0 else { return nil }
      let (position, skip) = try TodoBlocks.seek(to: offset, filter: filter, db)
      return try String.fetchOne(idStatement, arguments: [position, skip]).flatMap { UUID(uuidString: $0) }
    }
    let positionStatement = try db.cachedStatement(sql: """
      SELECT "position" FROM "todos" WHERE "id" = ? AND \(filter.sqlCondition)
      """)
    let offsets = try ids.map { id -> Int? in
      guard let position = try Double.fetchOne(positionStatement, arguments: [id.uuidString]) else { return nil }
      return try TodoBlocks.offset(of: position, filter: filter, db)
    }
    return Value(ids: found, offsets: offsets)
  }

  /// Reads each id and offset among the todos the find matches.
  private func fetchMatches(_ db: Database) throws -> Value {
    let matches = try TodosFind.Matches(find, filter: filter, db)
    let found = try offsets.map { offset -> Todo.State.ID? in
      guard offset >= 0 else { return nil }
      return try matches.ids(offset: offset, limit: 1, db).first.flatMap { UUID(uuidString: $0) }
    }
    let offsets = try ids.map { id in try matches.offset(of: id.uuidString, db) }
    return Value(ids: found, offsets: offsets)
  }
}
