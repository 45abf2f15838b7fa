import Foundation
import TemporaryFiles
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Item 2 of the reliability suite: the real `app` started over a bad `todos.json` (met only at
/// the import into the database, on a first start with no `todos.sqlite`), `app-storage.json` or
/// `facts.json`, for every kind of bad file. The database's own faults are in
/// `CorruptDataTests+Database.swift`.
struct CorruptDataTests {
  /// A kind of bad file.
  enum Fault: String, CaseIterable {
    case empty, truncated, randomBytes, wrongShape, wrongValueType, directory, unreadable, fiftyMegabytes
  }

  /// Where the change a target's command makes is kept, and what shows it is there.
  enum Saved {
    /// In the target's own file, which then holds this text.
    case inFile(String)
    /// In `todos.sqlite`, as a todo with this description.
    case inDatabase(todo: String)
    /// Nowhere: the command only shows what the app went on with.
    case nothing
  }

  /// One of the files the app reads, with what to type to change it (or show it) and how to tell
  /// it did.
  struct Target {
    var name: String
    var command: String
    var shown: String
    var saved: Saved
    var truncated: String
    var wrongShape: String
    var wrongValueType: String
    var valid: String
    var hugePrefix: String
    var hugeFill: String

    /// An earlier app's todo list, imported into the database on the first start: a bad one is
    /// kept aside and the app starts with an empty list in a new database.
    static let todos = Target(
      name: "todos.json", command: "add Fresh start", shown: "[ ] Fresh start", saved: .inDatabase(todo: "Fresh start"),
      truncated: #"[{"id":"00000000-0000-0000-0000-000000000001","description":"Buy milk","isComp"#,
      wrongShape: #"{"todos": []}"#,
      wrongValueType: #"[{"id":"00000000-0000-0000-0000-000000000001","description":"Buy milk","isComplete":"yes"}]"#,
      valid: #"[{"id":"00000000-0000-0000-0000-000000000001","description":"Kept","isComplete":false}]"#,
      hugePrefix: "[",
      hugeFill: #"{"id":"00000000-0000-0000-0000-000000000001","description":"Buy milk","isComplete":false},"#
    )
    /// The count and the settings.
    static let appStorage = Target(
      name: "app-storage.json", command: "inc", shown: "count: 1", saved: .inFile(#""count" : 1"#),
      truncated: #"{"count": 4, "ste"#,
      wrongShape: "[1, 2, 3]",
      wrongValueType: #"{"count": "seven", "step": 1}"#,
      valid: #"{"count": 41, "step": 2}"#,
      hugePrefix: #"{"count": 4, "blob": ""#,
      hugeFill: "abcdefghijklmnopqrstuvwxyz0123456789"
    )
    /// The facts fetched so far: a bad history is kept aside and the app goes on with an empty
    /// one (a new fact needs a number server, so the command only shows the history).
    static let facts = Target(
      name: "facts.json", command: "facts", shown: "No facts yet", saved: .nothing,
      truncated: #"["1 is the loneliest number.", "2 is the"#,
      wrongShape: #"{"facts": []}"#,
      wrongValueType: "[1, 2, 3]",
      valid: #"["41 is a kept fact."]"#,
      hugePrefix: "[",
      hugeFill: #""abcdefghijklmnopqrstuvwxyz0123456789","#
    )

    static let all = [todos, appStorage, facts]
  }

  /// The files the app keeps in its data directory, which are not files kept aside: app storage
  /// stores its defaults on first load and the database is made at every first start, so both
  /// appear whatever file was bad; an empty `todos.json` holds no todos and is left where it is.
  static let dataFiles: Set<String> = [
    "todos.json", "app-storage.json", "facts.json", "todos.sqlite", "todos.sqlite-wal", "todos.sqlite-shm",
  ]

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

  /// How to run the app so that an unreadable file really cannot be read: as another user when
  /// the tests run as root (``launcherAsAnotherUser(directory:)``), else directly.
  static func launcher(for fault: Fault, directory: URL) -> [String]? {
    guard fault == .unreadable else { return [] }
    return launcherAsAnotherUser(directory: directory)
  }

  /// How to run the app so that the permissions of what it finds bind it. Root reads and writes
  /// any file, so as root the app runs as `nobody` (``nobodyLauncher()``), over a directory
  /// `nobody` is given (with everything in it); as any other user it runs directly. `nil` when
  /// it cannot.
  static func launcherAsAnotherUser(directory: URL) -> [String]? {
    guard getuid() == 0 else { return [] }
    guard let (launcher, uid, gid) = nobodyLauncher() else { return nil }
    for path in [directory.path] + ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).map({ directory.appendingPathComponent($0).path }) {
      chown(path, uid, gid)
    }
    return launcher
  }

  /// `setpriv` arguments that run a command as `nobody`, with nobody's user and group ids; `nil`
  /// when the machine has no `setpriv` or no `nobody`.
  static func nobodyLauncher() -> (launcher: [String], uid: uid_t, gid: gid_t)? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), let nobody = getpwnam("nobody") else { return nil }
    let (uid, gid) = (nobody.pointee.pw_uid, nobody.pointee.pw_gid)
    return (["/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(gid)", "--clear-groups"], uid, gid)
  }

  /// Every fault of every file, each in a fresh data directory, the app run once over it.
  @Test func theAppStartsOverEveryBadFileReportsItAndKeepsItAside() async throws {
    var (runs, reported, keptAside, overwritten, untested) = (0, 0, 0, 0, [String]())
    for target in Target.all {
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
        switch target.saved {
        case .inFile(let text):
          let stored = try String(contentsOf: file, encoding: .utf8)
          #expect(stored.contains(text), "\(label): the new value was not saved: \(stored.prefix(200))")
        case .inDatabase(let todo):
          let stored = try SQLiteFile(directory.file("todos.sqlite")).todoDescriptions()
          #expect(stored == [todo], "\(label): the database holds \(stored)")
        case .nothing:
          break
        }

        let names = try directory.names().filter { !Self.dataFiles.contains($0) && !$0.hasSuffix(".lock") }
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
      "corrupt-data files=\(Target.all.count) faults=\(Fault.allCases.count) runs=\(runs) started=\(runs) reported=\(reported) "
        + "kept-aside=\(keptAside) overwritten-without-copy=\(overwritten) untested=\(untested.count)"
    )
  }
}
