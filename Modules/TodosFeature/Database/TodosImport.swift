import Foundation
import GRDB
import Persistence

/// The import of an earlier app's `todos.json` into the database, at every start that finds one
/// in the data directory, whether the database is new or already holds todos: the file's todos
/// are merged into the list by id, in one transaction, then the file is kept aside as
/// `todos.json.imported-<time>`, so the next start imports nothing.
///
/// The merge never loses a todo: a todo of the file whose id is not in the list is added below
/// the list, in the file's order; one whose id is already there is left as the database holds it
/// (the file's copy, still in the file kept aside, is not written over it), and the line shown
/// says how many were. So a `todos.json` put back into a data directory that has a database adds
/// what the list lacks and changes nothing else.
///
/// A file that cannot be read or decoded is kept aside as `todos.json.corrupt-<time>` and
/// reported in the words the file-backed list used; an empty file holds no todos and is left
/// alone. Should the app stop between the commit and the rename, the next start imports the file
/// again and adds nothing. Two apps starting at once both import it, the second adding nothing,
/// and the one that moves the file aside says so.
///
/// The todos are shown as soon as they are committed; their words are read for find after,
/// a slice at a time (``TodosWordIndexer``), and a find before the last slice reads the rest
/// first.
enum TodosImport {
  /// The file's name in the data directory.
  static let fileName = "todos.json"

  /// Imports `todos.json` from `directory` into `database`, if there is one; returns the line
  /// to show about it.
  static func importFile(in directory: URL, into database: any DatabaseWriter, now: Date) -> String? {
    let url = directory.appendingPathComponent(fileName)
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
    let data: Data
    do {
      guard !isDirectory.boolValue else { throw CocoaError(.fileReadNoPermission, userInfo: [NSLocalizedDescriptionKey: "Is a directory"]) }
      data = try Data(contentsOf: url)
    } catch {
      // NB: another app starting at the same time imported the file and moved it.
      guard manager.fileExists(atPath: url.path) else { return nil }
      let aside = url.asideURL("corrupt", date: now)
      let moved = (try? manager.moveItem(at: url, to: aside)) != nil
      return FileStorageError.unreadableFile(url: url, movedTo: moved ? aside : nil, reason: readReason(error)).description
    }
    guard !data.isEmpty else { return nil }
    let todos: [TodosFile.Row]
    do {
      todos = try TodosFile.decodeRows(data)
    } catch {
      let aside = url.asideURL("corrupt", date: now)
      let moved = (try? manager.moveItem(at: url, to: aside)) != nil
      return FileStorageError.corruptFile(url: url, movedTo: moved ? aside : nil, reason: decodingReason(error)).description
    }
    let added: Int
    do {
      added = try database.write { db in try insert(todos, db) }
    } catch {
      return "Could not import \(url.path) (\(TodosDatabase.reason(error))); it is left in place and will be imported at the next start."
    }
    let aside = url.asideURL("imported", date: now)
    let already = todos.count - added
    let count = "\(todos.count) todo\(todos.count == 1 ? "" : "s")"
    let destination = directory.appendingPathComponent(TodosDatabase.fileName).path
      + (already == 0 ? "" : " (\(already) already in the list, left as \(already == 1 ? "it was" : "they were"))")
    guard (try? manager.moveItem(at: url, to: aside)) != nil else {
      // NB: another app starting at the same time imported the file and moved it: it says so.
      guard manager.fileExists(atPath: url.path) else { return nil }
      return "Imported \(count) from \(url.path) into \(destination); the file could not be moved aside and will be read again (adding nothing) at the next start."
    }
    return "Imported \(count) from \(url.path) into \(destination); the file was kept as \(aside.path)."
  }

  /// Inserts `todos` in order below the todos already there, skipping ids already present;
  /// returns how many it inserted.
  ///
  /// The rows are inserted with the connection's triggers off (``TodosTriggers``), and counted
  /// in `todoCounts` and into blocks of their own (``TodoBlocks``) once at the end. No other
  /// trigger has work to do for an import: it records no step for undo, and the words of the
  /// todos imported are read for find after the commit, off the prompt's path
  /// (``TodosWordIndexer``). A trigger added to `todos` later must be weighed here too.
  static func insert(_ todos: [TodosFile.Row], _ db: Database) throws -> Int {
    let last = try Double.fetchOne(db, sql: #"SELECT max("position") FROM "todos""#) ?? -1
    let lastRow = try TodosWordIndex.deferIndexing(db)
    let (inserted, completed, blocks, areCounted) = try TodosTriggers.withTriggersOff(db) { areOff in
      let statement = try db.makeStatement(sql: """
        INSERT OR IGNORE INTO "todos" ("id", "description", "isComplete", "notes", "position")
        VALUES (?, ?, ?, ?, ?)
        """)
      var inserted = 0
      var completed = 0
      var blocks = TodoBlocks.Counting()
      for (offset, todo) in todos.enumerated() {
        let position = last + 1 + Double(offset)
        try statement.execute(arguments: [
          todo.id.uuidString, todo.description, todo.isComplete, todo.notes, position,
        ])
        // NB: an id already present is ignored, and changes no row.
        let changed = db.changesCount
        inserted += changed
        if todo.isComplete { completed += changed }
        if changed > 0 { blocks.add(position: position, isComplete: todo.isComplete) }
      }
      return (inserted, completed, blocks, !areOff)
    }
    if !areCounted {
      try db.execute(
        sql: #"UPDATE "todoCounts" SET "total" = "total" + ?, "completed" = "completed" + ?"#,
        arguments: [inserted, completed]
      )
      try blocks.insert(db)
    }
    try TodosWordIndex.indexLater(after: lastRow, db)
    return inserted
  }

  /// Why a file could not be read, in a few words: the system's message.
  private static func readReason(_ error: any Error) -> String {
    if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
       underlying.domain == NSPOSIXErrorDomain,
       let message = strerror(Int32(underlying.code)) {
      return String(cString: message)
    }
    return (error as NSError).localizedDescription
  }

  /// Why a file could not be decoded, in a few words on one line, and where in the file.
  private static func decodingReason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else {
      return String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
    let context: DecodingError.Context
    switch error {
    case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c):
      context = c
    @unknown default:
      return String(describing: error)
    }
    var text = context.debugDescription
    if case .keyNotFound(let key, _) = error { text = "missing key \"\(key.stringValue)\"" }
    if text.hasSuffix(".") { text.removeLast() }
    text = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    guard !context.codingPath.isEmpty else { return text }
    let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    return "\(text), at \(path)"
  }
}
