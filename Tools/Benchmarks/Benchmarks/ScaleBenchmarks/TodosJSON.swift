import BenchmarkSupport
import Foundation

/// The `todos.json` the scale benchmarks start from: the file the app kept its list in before the
/// database, which its first start over a data directory imports.
enum TodosJSON {
  /// The file's name in a data directory.
  static let fileName = "todos.json"

  /// Writes `size` todos ("todo 0", "todo 1", …, none complete, each with an upper-case UUID
  /// of its own) as the app wrote its file: pretty-printed, keys sorted.
  static func write(size: Int, to file: URL) {
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
  static func uuid(_ index: Int) -> String {
    let hex = String(index, radix: 16, uppercase: true)
    return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
  }
}
