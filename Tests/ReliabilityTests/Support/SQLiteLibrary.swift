import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The few functions of the system's `libsqlite3` the tests read a database with, loaded at run
/// time with `dlopen`: the test target does not depend on GRDB (the app's way to SQLite), and
/// the library is the one GRDB links the app to, so it is there wherever the app runs.
struct SQLiteLibrary: Sendable {
  /// `sqlite3_open_v2`: opens a database file with flags.
  typealias Open = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?) -> Int32
  /// `sqlite3_close_v2`: closes a connection.
  typealias Close = @convention(c) (OpaquePointer?) -> Int32
  /// `sqlite3_prepare_v2`: compiles one statement.
  typealias Prepare = @convention(c) (
    OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?
  ) -> Int32
  /// `sqlite3_step`: runs a statement to its next row, or its end.
  typealias Step = @convention(c) (OpaquePointer?) -> Int32
  /// `sqlite3_column_count`: how many columns a statement answers.
  typealias ColumnCount = @convention(c) (OpaquePointer?) -> Int32
  /// `sqlite3_column_text`: a column of the current row, as UTF-8 text.
  typealias ColumnText = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<UInt8>?
  /// `sqlite3_finalize`: frees a statement.
  typealias Finalize = @convention(c) (OpaquePointer?) -> Int32
  /// `sqlite3_errmsg`: the connection's last error, in English.
  typealias ErrorMessage = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
  /// `sqlite3_busy_timeout`: how long a connection waits for another's lock.
  typealias BusyTimeout = @convention(c) (OpaquePointer?, Int32) -> Int32

  // NB: each is the function of the same name, above.
  let open: Open
  let close: Close
  let prepare: Prepare
  let step: Step
  let columnCount: ColumnCount
  let columnText: ColumnText
  let finalize: Finalize
  let errorMessage: ErrorMessage
  let busyTimeout: BusyTimeout

  /// `sqlite3_step`'s answers for a row and for the end.
  static let row: Int32 = 100
  static let done: Int32 = 101
  /// `sqlite3_open_v2`'s flags: read and write an existing file.
  static let openReadWrite: Int32 = 0x2

  /// The library, or why it could not be loaded.
  static let shared: Result<SQLiteLibrary, SQLiteError> = Result { () throws(SQLiteError) in try SQLiteLibrary() }

  /// Loads the library and finds each function in it.
  private init() throws(SQLiteError) {
    guard let handle = dlopen("libsqlite3.so.0", RTLD_NOW) else {
      throw SQLiteError(message: "cannot load libsqlite3.so.0: \(String(cString: dlerror()))")
    }
    func load<F>(_ name: String, as type: F.Type) throws(SQLiteError) -> F {
      guard let symbol = dlsym(handle, name) else { throw SQLiteError(message: "libsqlite3 has no \(name)") }
      return unsafeBitCast(symbol, to: type)
    }
    open = try load("sqlite3_open_v2", as: Open.self)
    close = try load("sqlite3_close_v2", as: Close.self)
    prepare = try load("sqlite3_prepare_v2", as: Prepare.self)
    step = try load("sqlite3_step", as: Step.self)
    columnCount = try load("sqlite3_column_count", as: ColumnCount.self)
    columnText = try load("sqlite3_column_text", as: ColumnText.self)
    finalize = try load("sqlite3_finalize", as: Finalize.self)
    errorMessage = try load("sqlite3_errmsg", as: ErrorMessage.self)
    busyTimeout = try load("sqlite3_busy_timeout", as: BusyTimeout.self)
  }
}
