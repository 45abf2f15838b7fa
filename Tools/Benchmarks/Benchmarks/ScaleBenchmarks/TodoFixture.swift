import BenchmarkSupport
import Foundation
import Synchronization

/// The data files of the scale benchmarks: one `todos.json` per size, written once, and a
/// fresh copy of it for every run of the app.
enum TodoFixture {
  /// The file written for each size so far, in its own scratch directory.
  private static let files = Mutex<[Int: URL]>([:])

  /// A new data directory holding a copy of the `size` todos' file, in a new scratch
  /// directory (the caller removes it): the data directory is its `data` folder, and the rest
  /// is free for the run's output.
  static func freshRun(size: Int) -> (scratch: URL, data: URL) {
    let source = file(size: size)
    let scratch = makeScratchDirectory("scale-run")
    let data = scratch.appendingPathComponent("data", isDirectory: true)
    try! FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    try! FileManager.default.copyItem(at: source, to: data.appendingPathComponent("todos.json"))
    return (scratch, data)
  }

  /// The `size` todos' file, written on first use.
  static func file(size: Int) -> URL {
    files.withLock { files in
      if let file = files[size] { return file }
      if files.isEmpty { atexit { TodoFixture.removeAll() } }
      let directory = makeScratchDirectory("scale-fixture-\(size)")
      let file = directory.appendingPathComponent("todos.json")
      write(size: size, to: file)
      files[size] = file
      return file
    }
  }

  /// Removes every file written: at the benchmark process's exit.
  static func removeAll() {
    files.withLock { files in
      for file in files.values { removeScratchDirectory(file.deletingLastPathComponent()) }
      files = [:]
    }
  }

  /// Writes `size` todos ("todo 0", "todo 1", …, none complete, each with an upper-case UUID
  /// of its own) as the app writes its file: pretty-printed, keys sorted.
  private static func write(size: Int, to file: URL) {
    require(FileManager.default.createFile(atPath: file.path, contents: nil), "cannot create \(file.path)")
    let handle = try! FileHandle(forWritingTo: file)
    defer { try! handle.close() }
    guard size > 0 else {
      try! handle.write(contentsOf: Data("[]".utf8))
      return
    }
    var chunk = "[\n"
    for index in 0..<size {
      chunk += index == 0 ? "" : ",\n"
      chunk += """
          {
            "description" : "todo \(index)",
            "id" : "\(uuid(index))",
            "isComplete" : false
          }
        """
      if chunk.utf8.count >= 1 << 20 {
        try! handle.write(contentsOf: Data(chunk.utf8))
        chunk = ""
      }
    }
    chunk += "\n]"
    try! handle.write(contentsOf: Data(chunk.utf8))
  }

  /// A version-4 UUID, upper case, made from `index` so the file is the same every run.
  private static func uuid(_ index: Int) -> String {
    let hex = String(index, radix: 16, uppercase: true)
    return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
  }
}
