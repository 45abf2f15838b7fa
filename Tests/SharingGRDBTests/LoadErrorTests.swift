import AsyncWaiting
import SharingGRDB
import Testing

/// A failing query sets `loadError` and keeps the last value; the next successful fetch clears it.
@Suite(.timeLimit(.minutes(5)))
struct LoadErrorTests {
  @Test func aSyntaxErrorIsTheLoadError() throws {
    let database = try itemsDatabase()
    try withDependencies { $0.defaultDatabase = database } operation: {
      @SharedReader(.fetchOne(sql: "SELEC 1")) var one = 0
      #expect(one == 0)
      let error = try #require($one.loadError as? DatabaseError)
      #expect(error.message == #"near "SELEC": syntax error"#)
    }
  }

  @Test func aFailingRefetchKeepsTheValueAndASuccessfulOneClearsTheError() async throws {
    let database = try itemsDatabase()
    try await database.write { db in
      try db.execute(sql: "CREATE TABLE payloads (id INTEGER PRIMARY KEY, json TEXT NOT NULL)")
      try db.execute(sql: #"INSERT INTO payloads VALUES (1, '{"n": 1}')"#)
    }
    try await withDependencies { $0.defaultDatabase = database } operation: {
      // NB: json_extract fails while running, on the row that is not JSON: the query reads
      //     `payloads`, so the commits that break and mend it are both observed.
      @SharedReader(.fetchOne(sql: "SELECT sum(json_extract(json, '$.n')) FROM payloads")) var total = 0
      #expect(total == 1)
      #expect($total.loadError == nil)
      let values = $total.values
      try await database.write { db in try db.execute(sql: "INSERT INTO payloads VALUES (2, 'not json')") }
      #expect(await waitUntil { $total.loadError != nil })
      let error = try #require($total.loadError as? DatabaseError)
      #expect(error.message == "malformed JSON")
      #expect(total == 1)
      try await database.write { db in try db.execute(sql: #"UPDATE payloads SET json = '{"n": 2}' WHERE id = 2"#) }
      #expect(await first(values) { $0 == 3 } == 3)
      #expect($total.loadError == nil)
    }
  }
}
