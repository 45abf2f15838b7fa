import Foundation
import TemporaryFiles
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Item 2 of the reliability suite: the real `app` started over a bad `todos.json` or
/// `app-storage.json`, for every kind of bad file.
struct CorruptDataTests {
  /// A kind of bad file.
  enum Fault: String, CaseIterable {
    case empty, truncated, randomBytes, wrongShape, wrongValueType, directory, unreadable, fiftyMegabytes
  }

  /// One of the two files the app keeps, with what to type to change it and how to tell it did.
  struct Target {
    var name: String
    var command: String
    var shown: String
    var stored: String
    var truncated: String
    var wrongShape: String
    var wrongValueType: String
    var valid: String
    var hugePrefix: String
    var hugeFill: String

    static let todos = Target(
      name: "todos.json", command: "add Fresh start", shown: "[ ] Fresh start", stored: #""description" : "Fresh start""#,
      truncated: #"[{"id":"00000000-0000-0000-0000-000000000001","description":"Buy milk","isComp"#,
      wrongShape: #"{"todos": []}"#,
      wrongValueType: #"[{"id":"00000000-0000-0000-0000-000000000001","description":"Buy milk","isComplete":"yes"}]"#,
      valid: #"[{"id":"00000000-0000-0000-0000-000000000001","description":"Kept","isComplete":false}]"#,
      hugePrefix: "[",
      hugeFill: #"{"id":"00000000-0000-0000-0000-000000000001","description":"Buy milk","isComplete":false},"#
    )
    static let appStorage = Target(
      name: "app-storage.json", command: "inc", shown: "count: 1", stored: #""count" : 1"#,
      truncated: #"{"count": 4, "ste"#,
      wrongShape: "[1, 2, 3]",
      wrongValueType: #"{"count": "seven", "step": 1}"#,
      valid: #"{"count": 41, "step": 2}"#,
      hugePrefix: #"{"count": 4, "blob": ""#,
      hugeFill: "abcdefghijklmnopqrstuvwxyz0123456789"
    )
  }

  /// Puts `fault` where `target`'s file goes; returns the bytes it wrote (nil for a directory).
  static func plant(_ fault: Fault, for target: Target, at file: URL) throws -> Data? {
    var random = SystemRandomNumberGenerator()
    let data: Data
    switch fault {
    case .empty: data = Data()
    case .truncated: data = Data(target.truncated.utf8)
    case .randomBytes: data = Data((0..<4_096).map { _ in UInt8.random(in: 0...255, using: &random) })
    case .wrongShape: data = Data(target.wrongShape.utf8)
    case .wrongValueType: data = Data(target.wrongValueType.utf8)
    case .unreadable: data = Data(target.valid.utf8)
    case .fiftyMegabytes:
      var huge = Data(target.hugePrefix.utf8)
      let fill = Data(target.hugeFill.utf8)
      while huge.count < 50 << 20 { huge.append(fill) }
      data = huge
    case .directory:
      try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
      try Data("someone's notes".utf8).write(to: file.appendingPathComponent("notes.txt"))
      return nil
    }
    try data.write(to: file)
    if fault == .unreadable { chmod(file.path, 0) }
    return data
  }

  /// How to run the app so that an unreadable file really cannot be read. Root reads any file,
  /// so as root the app runs as `nobody` through `setpriv`, over a directory `nobody` owns.
  static func launcher(for fault: Fault, directory: URL) -> [String]? {
    guard fault == .unreadable, getuid() == 0 else { return [] }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
    let nobody = getpwnam("nobody")
    guard let nobody else { return nil }
    for path in [directory.path] + ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).map({ directory.appendingPathComponent($0).path }) {
      chown(path, nobody.pointee.pw_uid, nobody.pointee.pw_gid)
    }
    return ["/usr/bin/setpriv", "--reuid=\(nobody.pointee.pw_uid)", "--regid=\(nobody.pointee.pw_gid)", "--clear-groups"]
  }

  @Test func theAppStartsOverEveryBadFileReportsItAndKeepsItAside() async throws {
    var (runs, reported, keptAside, overwritten, untested) = (0, 0, 0, 0, [String]())
    for target in [Target.todos, Target.appStorage] {
      for fault in Fault.allCases {
        let label = "\(target.name), \(fault.rawValue)"
        let directory = try TemporaryDirectory()
        let file = directory.file(target.name)
        let original = try Self.plant(fault, for: target, at: file)
        guard let launcher = Self.launcher(for: fault, directory: directory.url) else {
          untested.append(label)
          continue
        }
        let app = try Child(Child.executable("app"), ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"], launcher: launcher)
        app.send(target.command)
        app.closeInput()
        await app.waitForExit()
        runs += 1

        #expect(app.process.terminationStatus == 0, "\(label): exit status")
        #expect(app.output.contains { $0.contains(target.shown) }, "\(label): \(app.output)")
        let stored = try String(contentsOf: file, encoding: .utf8)
        #expect(stored.contains(target.stored), "\(label): the new value was not saved: \(stored.prefix(200))")

        // NB: the app's own data files are not kept-aside files: app storage stores its defaults
        //     on first load, so `app-storage.json` appears even when only the todos were touched.
        let dataFiles = Set([Target.todos.name, Target.appStorage.name])
        let names = try directory.names().filter { !dataFiles.contains($0) && !$0.hasSuffix(".lock") }
        if fault == .empty {
          // NB: an empty file means the default: there is nothing to keep and nothing to report.
          #expect(app.errors.isEmpty, "\(label): \(app.errors)")
          #expect(names.isEmpty, "\(label): \(names)")
          continue
        }
        let lines = app.errors.filter { !$0.isEmpty }
        #expect(lines.count == 1, "\(label): \(lines)")
        if let line = lines.first {
          #expect(line.contains(file.path), "\(label): \(line)")
          #expect(!["Error Domain", "Optional(", "CodingKeys(", "NSCocoa"].contains { line.contains($0) }, "\(label): \(line)")
          #expect(line.count < 400, "\(label): \(line.count) characters")
          reported += 1
        }
        #expect(names.count == 1, "\(label): \(names)")
        guard let aside = names.first.map(directory.file) else { continue }
        #expect(lines.first?.contains(aside.path) == true, "\(label): the message does not say where the file went")
        if let original {
          chmod(aside.path, 0o600)
          let kept = FileManager.default.contents(atPath: aside.path)
          if kept == original { keptAside += 1 } else { overwritten += 1 }
          #expect(kept == original, "\(label): the copy kept aside differs from the bad file")
        } else {
          let notes = try? String(contentsOf: aside.appendingPathComponent("notes.txt"), encoding: .utf8)
          if notes == "someone's notes" { keptAside += 1 } else { overwritten += 1 }
          #expect(notes == "someone's notes", "\(label): the directory was not kept")
        }
      }
    }
    #expect(untested.isEmpty, "not tested (running as root without setpriv): \(untested)")
    reportCounts(
      "corrupt-data files=2 faults=\(Fault.allCases.count) runs=\(runs) started=\(runs) reported=\(reported) "
        + "kept-aside=\(keptAside) overwritten-without-copy=\(overwritten) untested=\(untested.count)"
    )
  }

  @Test func dataThatCannotBeSavedIsReportedOnExit() async throws {
    let directory = try TemporaryDirectory()
    let blocker = directory.file("not-a-directory")
    try Data("x".utf8).write(to: blocker)
    let app = try Child(Child.executable("app"), ["--data-dir", blocker.appendingPathComponent("data").path, "--numbers-api", "http://127.0.0.1:9"])
    app.send("add Fresh start")
    app.closeInput()
    await app.waitForExit()
    #expect(app.process.terminationStatus == 0)
    #expect(app.output.contains { $0.contains("[ ] Fresh start") })
    #expect(app.errors.contains { $0.contains("todos.json") && $0.contains("cannot create") }, "\(app.errors)")
  }
}
