import BenchmarkSupport
import Foundation
import Glibc
import Synchronization

/// The data the scale benchmarks start from, one set per list size, each made once: a
/// `todos.json` of that many todos (``TodosJSON``) and the `todos.sqlite` the app's own import
/// makes of it (``TodosDatabaseFile``); and, for every run of the app, a fresh data directory
/// holding a copy of one of them.
///
/// NB: package-benchmark runs every benchmark in a process of its own, and importing 1,000,000
///     todos takes seconds. `Tools/bench` sets `BENCH_SCALE_FIXTURES` to a directory of its own,
///     removed when it ends: the first benchmark that needs a size makes its files there, and
///     every later one copies them. Without it, each process makes its own and removes them
///     at exit.
enum TodoFixture {
  /// The directory of each size's files made or found so far.
  private static let directories = Mutex<[Int: URL]>([:])

  /// Where the sizes' files are kept: `BENCH_SCALE_FIXTURES`, else a scratch directory of this
  /// process's, removed at its exit.
  private static let root: URL = {
    if let path = ProcessInfo.processInfo.environment["BENCH_SCALE_FIXTURES"], !path.isEmpty {
      let root = URL(fileURLWithPath: path, isDirectory: true)
      try! FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      return root
    }
    let root = makeScratchDirectory("scale-fixtures")
    atexit { removeScratchDirectory(TodoFixture.root) }
    return root
  }()

  /// A new data directory holding a copy of the `size` todos' database, in a new scratch
  /// directory (the caller removes it): the data directory is its `data` folder, and the rest
  /// is free for the run's output.
  static func freshRun(size: Int) -> (scratch: URL, data: URL) {
    freshDataDirectory(holding: directory(size: size).appendingPathComponent(TodosDatabaseFile.fileName))
  }

  /// A new data directory holding only a copy of the `size` todos' `todos.json`, as an app
  /// that kept its list in that file left it: the database app's first start imports it. In a
  /// new scratch directory, as ``freshRun(size:)``'s.
  static func freshImport(size: Int) -> (scratch: URL, data: URL) {
    freshDataDirectory(holding: directory(size: size).appendingPathComponent(TodosJSON.fileName))
  }

  /// A new scratch directory whose `data` folder holds a copy of `file`, on disk.
  ///
  /// NB: The copy is synced before the app runs: a file of 140 MB written a moment ago is still
  ///     being written back by the kernel, and the app's first checkpoint (whose `fsync` waits for
  ///     every dirty page of the file) would pay for the benchmark's copy, not for its commands.
  private static func freshDataDirectory(holding file: URL) -> (scratch: URL, data: URL) {
    let scratch = makeScratchDirectory("scale-run")
    let data = scratch.appendingPathComponent("data", isDirectory: true)
    try! FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    let copy = data.appendingPathComponent(file.lastPathComponent)
    try! FileManager.default.copyItem(at: file, to: copy)
    let descriptor = open(copy.path, O_RDONLY | O_CLOEXEC)
    precondition(descriptor >= 0, "cannot open \(copy.path)")
    fsync(descriptor)
    close(descriptor)
    return (scratch, data)
  }

  /// The directory of the `size` todos' `todos.json` and `todos.sqlite`: found in ``root``, or
  /// made there on first use.
  private static func directory(size: Int) -> URL {
    directories.withLock { directories in
      if let directory = directories[size] { return directory }
      let directory = root.appendingPathComponent("todos-\(size)", isDirectory: true)
      if !FileManager.default.fileExists(atPath: directory.path) {
        make(size: size, at: directory)
      }
      directories[size] = directory
      return directory
    }
  }

  /// Writes the `size` todos' files in a directory of its own beside `directory`, then renames
  /// it to `directory`: a benchmark stopped halfway leaves no directory a later one would take
  /// for made.
  private static func make(size: Int, at directory: URL) {
    let partial = root.appendingPathComponent("todos-\(size).partial-\(UUID().uuidString)", isDirectory: true)
    try! FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
    let json = partial.appendingPathComponent(TodosJSON.fileName)
    TodosJSON.write(size: size, to: json)
    TodosDatabaseFile.make(importing: json, size: size, into: partial)
    try! FileManager.default.moveItem(at: partial, to: directory)
  }
}
