/// What SQLite, or loading it, said went wrong: its message, on one line.
struct SQLiteError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
