// What the todos' tests (`TodosFeatureTests`) and their scale tier (`TodosFeatureScaleTests`)
// both use: databases of a given list, the order shown, work kept off the cooperative pool.

import Foundation
import SharingGRDB
import TodosFeature

/// A fresh in-memory todos database holding `todos`, in order.
///
/// Each call returns a database of its own: a copy of the pages of one this process filled the
/// first time it was asked for the same list (see ``FilledDatabases``).
public func todosDatabase(_ todos: [Todo.State] = []) throws -> any DatabaseWriter {
  try FilledDatabases.shared.copy(of: FilledDatabases.List(todos)) { db in
    for todo in todos.reversed() { try TodosOrder.insertOnTop(todo, db) }
  }
}

/// A fresh in-memory todos database holding `count` todos, `Todo 0` on top, every third one
/// completed (or, `sorted`, the last third); inserted in one statement, and copied as
/// ``todosDatabase(_:)`` copies a list.
public func todosDatabase(count: Int, sorted: Bool = false) throws -> any DatabaseWriter {
  try FilledDatabases.shared.copy(of: .generated(count: count, sorted: sorted)) { db in
    // NB: the words of so many todos are indexed for find together, as an import does.
    let last = try TodosWordIndex.deferIndexing(db)
    try db.execute(sql: """
      WITH RECURSIVE "n"("i") AS (SELECT 0 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" + 1 < ?)
      INSERT INTO "todos" ("id", "description", "isComplete", "position")
      SELECT printf('00000000-0000-0000-0000-%012X', "i"), 'Todo ' || "i",
        CASE WHEN ? THEN "i" * 3 >= ? * 2 ELSE "i" % 3 = 0 END, "i"
      FROM "n"
      """, arguments: [count, sorted, count])
    try TodosWordIndex.indexRows(after: last, db)
  }
}

/// The descriptions in the order shown.
public func descriptions(_ database: any DatabaseWriter, filter: Filter = .all) throws -> [String] {
  try database.read { db in
    try TodosWindow(filter: filter, offset: 0, size: 1, isWhole: true).fetch(db).rows.map(\.description)
  }
}

/// Runs `work` on a thread of its own and awaits it: a test that keeps a CPU busy for seconds
/// does it off the cooperative pool, so the tests running beside it still get its threads.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread {
      continuation.resume(with: Result { try work() })
    }
  }
}

/// What is wrong with the list's blocks (`todoBlocks`), if anything: a block whose counts are
/// not those of the todos it holds, counts that do not add up to `todoCounts`, a block past
/// `largest` or emptied but kept; and for each filter, a todo found at an offset, or an offset
/// read of a todo, other than the one stepping through the list finds (at `samples` offsets
/// spread over it).
public func blockProblems(_ db: Database, largest: Int, samples: Int = 40) throws -> [String] {
  var problems: [String] = []
  let blocks = try Row.fetchAll(db, sql: #"SELECT "start", "total", "completed" FROM "todoBlocks" ORDER BY "start""#)
  for (index, block) in blocks.enumerated() {
    let start: Double = block[0]
    let end: Double = index + 1 < blocks.count ? blocks[index + 1][0] : .infinity
    let row = try Row.fetchOne(db, sql: """
      SELECT count(*), coalesce(sum("isComplete"), 0) FROM "todos" WHERE "position" >= ? AND "position" < ?
      """, arguments: [start, end])!
    let (total, completed): (Int, Int) = (block[1], block[2])
    if (total, completed) != (row[0], row[1]) {
      problems.append("block at \(start) counts \(total) (\(completed) completed), holds \(row[0] as Int) (\(row[1] as Int))")
    }
    if total > largest { problems.append("block at \(start) holds \(total), past \(largest)") }
    if index > 0, total == 0 { problems.append("block at \(start) is empty") }
  }
  let counts = try Row.fetchOne(db, sql: #"SELECT "total", "completed" FROM "todoCounts""#)!
  let sums = try Row.fetchOne(db, sql: #"SELECT sum("total"), sum("completed") FROM "todoBlocks""#)!
  if (counts[0] as Int, counts[1] as Int) != (sums[0] as Int, sums[1] as Int) {
    problems.append("blocks add up to \(sums[0] as Int) (\(sums[1] as Int) completed), todoCounts says \(counts[0] as Int) (\(counts[1] as Int))")
  }
  let list = try Row.fetchAll(db, sql: #"SELECT "id", "isComplete" FROM "todos" ORDER BY "position""#)
  for filter in Filter.allCases {
    let ids: [String] = list.filter { filter == .all || ($0[1] as Bool) == (filter == .completed) }.map { $0[0] }
    problems += try positionProblems(db, shown: ids, filter: filter, samples: samples, label: "\(filter)")
  }
  return problems
}

/// Where `TodoPositions` under `filter` and `find` reads other than `shown`, the ids in the order
/// shown: a todo found at an offset, or an offset read of a todo (at `samples` offsets spread
/// over them), each said after `label`.
private func positionProblems(
  _ db: Database, shown ids: [String], filter: Filter, find: TodosFind = TodosFind(), samples: Int, label: String
) throws -> [String] {
  guard !ids.isEmpty else { return [] }
  var problems: [String] = []
  let offsets = Set((0..<samples).map { $0 * (ids.count - 1) / max(1, samples - 1) })
    .union([0, ids.count - 1]).sorted()
  let found = try TodoPositions(
    filter: filter, find: find, offsets: offsets, ids: offsets.map { UUID(uuidString: ids[$0])! }
  ).fetch(db)
  for (index, offset) in offsets.enumerated() {
    if found.ids[index]?.uuidString != ids[offset] {
      problems.append("\(label): at \(offset) found \(found.ids[index].map(\.uuidString) ?? "nothing"), not \(ids[offset])")
    }
    if found.offsets[index] != offset {
      problems.append("\(label): \(ids[offset]) read at \(found.offsets[index].map(String.init) ?? "nothing"), not \(offset)")
    }
  }
  return problems
}

/// What is wrong with the words' blocks (`todoWordBlocks`), if anything: a block whose counts
/// are not those of the todos holding its word in its range, a block past `largest` or emptied
/// but kept after its word's first, a word's first block starting anywhere but at minus
/// infinity, a word whose blocks do not add up to its counts in `todoWordCounts`, one held by
/// more than half `largest` todos without blocks; and for each filter and each of `terms`, a
/// match found at an offset of its find, or an offset read of a match, other than the one
/// stepping through the matches finds (at `samples` offsets spread over them).
public func wordBlockProblems(
  _ db: Database, largest: Int, terms: [String] = [], samples: Int = 12
) throws -> [String] {
  var problems: [String] = []
  let blocks = try Row.fetchAll(db, sql: """
    SELECT "word", "start", "total", "completed" FROM "todoWordBlocks" ORDER BY "word", "start"
    """)
  var sums: [String: (total: Int, completed: Int)] = [:]
  for (index, block) in blocks.enumerated() {
    let (word, start, total, completed): (String, Double, Int, Int) = (block[0], block[1], block[2], block[3])
    let isFirst = index == 0 || blocks[index - 1][0] as String != word
    let isLast = index + 1 == blocks.count || blocks[index + 1][0] as String != word
    let end: Double = isLast ? .infinity : blocks[index + 1][1]
    let row = try Row.fetchOne(db, sql: """
      SELECT count(*), coalesce(sum("isComplete"), 0) FROM "todoWords"
      WHERE "word" = ? AND "position" >= ? AND "position" < ?
      """, arguments: [word, start, end])!
    if (total, completed) != (row[0], row[1]) {
      problems.append("\(word) at \(start) counts \(total) (\(completed) completed), holds \(row[0] as Int) (\(row[1] as Int))")
    }
    if total > largest { problems.append("\(word) at \(start) holds \(total), past \(largest)") }
    if !isFirst, total == 0 { problems.append("\(word) at \(start) is empty") }
    if isFirst, start != -.infinity { problems.append("\(word)'s first block starts at \(start)") }
    sums[word, default: (0, 0)].total += total
    sums[word, default: (0, 0)].completed += completed
  }
  var counts: [String: (total: Int, completed: Int)] = [:]
  for row in try Row.fetchAll(db, sql: #"SELECT "word", "isComplete", "count" FROM "todoWordCounts""#) {
    counts[row[0], default: (0, 0)].total += row[2] as Int
    if row[1] as Bool { counts[row[0], default: (0, 0)].completed += row[2] as Int }
  }
  for word in Set(sums.keys).union(counts.keys).sorted() {
    let counted = counts[word] ?? (0, 0)
    guard let blocked = sums[word] else {
      if counted.total > largest / 2 { problems.append("\(word): held by \(counted.total), past \(largest / 2), without blocks") }
      continue
    }
    if blocked != counted {
      problems.append("\(word): blocks add up to \(blocked.total) (\(blocked.completed) completed), todoWordCounts says \(counted.total) (\(counted.completed))")
    }
  }
  for term in terms {
    for filter in Filter.allCases {
      let shown = switch filter {
      case .all: "1"
      case .active: #""isComplete" = 0"#
      case .completed: #""isComplete" = 1"#
      }
      let ids = try String.fetchAll(db, sql: """
        SELECT DISTINCT "todo", "position" FROM "todoWords"
        WHERE "word" >= ? AND "word" < ? AND \(shown) ORDER BY "position"
        """, arguments: [term, term + "\u{10FFFF}"])
      problems += try positionProblems(
        db, shown: ids, filter: filter, find: TodosFind(term), samples: samples, label: "\(term), \(filter)"
      )
    }
  }
  return problems
}
