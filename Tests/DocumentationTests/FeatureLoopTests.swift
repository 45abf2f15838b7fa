import Foundation
import Testing

/// CONTRIBUTING's feature loop (`swift test --filter <Name>Tests`) compiles a changed module once
/// and links the test bundle and the app with lld; each is decided by `Package.swift`, and each
/// is checked here on the test bundle running these tests and the app built beside it. The tools
/// that plan builds of their own on the same `.build` keep SwiftPM from compiling a dependency
/// again for nothing.
struct FeatureLoopTests {
  /// A test target that depends on a macro target makes SwiftPM build every test target, and
  /// every module they import, for the host (`-tool`) beside the app's own build: a change to a
  /// feature was compiled twice. Built so, the bundle loads `lib…-tool.so` libraries.
  @Test func theTestBundleIsBuiltWithTheAppNotAsAHostTool() throws {
    let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
    let libraries = Set(maps.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
      .filter { $0.hasPrefix("/") && $0.contains(".build/") }
    #expect(!libraries.isEmpty, "no library of the build is loaded: the check would prove nothing")
    #expect(libraries.filter { $0.hasSuffix("-tool.so") } == [])
  }

  /// The bundle is linked by lld, which the toolchain ships: it says so in the `.comment` section
  /// every linker appends its name to.
  @Test func theTestBundleIsLinkedByLLD() throws {
    let comment = try Self.section(".comment", ofELF: URL(fileURLWithPath: "/proc/self/exe"))
    let notes = comment.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    #expect(notes.contains { $0.hasPrefix("Linker: LLD") }, "\(notes)")
  }

  /// The app, which `swift test` builds and links beside the bundle in every loop, is linked by
  /// lld too: gold took twice as long, and the bundle's link waited on it.
  @Test func theAppBesideTheBundleIsLinkedByLLD() throws {
    let app = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("app")
    try #require(FileManager.default.fileExists(atPath: app.path), "no app beside the bundle at \(app.path)")
    let notes = try Self.section(".comment", ofELF: app).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    #expect(notes.contains { $0.hasPrefix("Linker: LLD") }, "\(notes)")
  }

  /// SwiftPM 6.3 passes a package's traits to the compiler in a `Set`'s order, drawn anew by each
  /// process that plans a build; swift-dependencies enables four, so a tool planning its own build
  /// after `swift test` compiled all of it again. Every tool that runs SwiftPM fixes the seed for
  /// it. (`new-feature` only prints the loop's two commands for its user.)
  @Test func everyToolThatPlansABuildFixesSwiftPMsHashSeed() throws {
    let tools = CodeBlockTests.repository.appendingPathComponent("Tools")
    var planning: [String] = []
    // NB: A document (`RELIABILITY.md`) shows commands to type; it runs none.
    for name in try FileManager.default.contentsOfDirectory(atPath: tools.path).sorted()
    where name != "new-feature" && !name.hasSuffix(".md") {
      guard let text = try? String(contentsOf: tools.appendingPathComponent(name), encoding: .utf8) else { continue }
      let runsSwiftPM = text.split(separator: "\n").contains { line in
        let code = line.drop { $0 == " " }
        return !code.hasPrefix("#") && !code.hasPrefix("//")
          && ["swift build", "swift test", "swift package", #""swift", "build""#].contains { code.contains($0) }
      }
      guard runsSwiftPM else { continue }
      planning.append(name)
      #expect(text.contains("SWIFT_DETERMINISTIC_HASHING=1") || text.contains(#""SWIFT_DETERMINISTIC_HASHING": "1""#), "Tools/\(name)")
    }
    #expect(planning.count >= 6, "\(planning)")
    #expect(planning.contains("feature-loop"), "\(planning)")
  }

  /// `Tools/feature-loop` times each feature's loop with a change inside its reducer's closure
  /// (or its first initializer): every feature with a test target has such a line where the tool
  /// looks, so the tool does not stop working when a feature is added or its file changes.
  @Test func theLoopToolFindsWhereEachFeaturesChangeGoes() throws {
    let repository = CodeBlockTests.repository
    let listing = try ProgramOutput(running: repository.appendingPathComponent("Tools/feature-loop"), ["--where"], in: repository)
    try #require(listing.status == 0, "Tools/feature-loop --where exited \(listing.status)")

    let features = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Tests").path)
      .filter { $0.hasSuffix("FeatureTests") }
      .map { String($0.dropLast("Tests".count)) }
      .sorted()
    let sites = listing.text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    #expect(sites.map { $0.first ?? "" } == features)
    for site in sites {
      try #require(site.count == 2, "not `Feature FILE:LINE`: \(site)")
      let parts = site[1].split(separator: ":")
      let lines = try String(contentsOf: repository.appendingPathComponent(String(parts[0])), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false)
      let line = try #require(Int(parts[1]))
      try #require((2...lines.count).contains(line), "\(site[0]): no line before \(site[1])")
      let before = lines[line - 2].trimmingCharacters(in: .whitespaces)
      #expect(
        before.hasPrefix("Reduce {") && before.hasSuffix(" in") || before.contains("init(") && before.hasSuffix("{"),
        "\(site[0]): the line before \(site[1]) is `\(before)`"
      )
    }
  }

  @Test func aSectionIsReadByItsName() throws {
    let names = try Self.section(".shstrtab", ofELF: URL(fileURLWithPath: "/bin/sh"))
    #expect(String(decoding: names, as: UTF8.self).contains(".text"))
    #expect(throws: ELFError.noSection(".no-such-section")) {
      try Self.section(".no-such-section", ofELF: URL(fileURLWithPath: "/bin/sh"))
    }
    #expect(throws: ELFError.notELF64) {
      try Self.section(".text", ofELF: URL(fileURLWithPath: "/proc/self/maps"))
    }
  }

  /// Why a section could not be read.
  enum ELFError: Error, Equatable {
    case notELF64
    case noSection(String)
  }

  /// The bytes of the section named `name` of a 64-bit little-endian ELF file.
  static func section(_ name: String, ofELF url: URL) throws -> [UInt8] {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    func read(_ count: Int, at offset: UInt64) throws -> [UInt8] {
      try handle.seek(toOffset: offset)
      return [UInt8](try handle.read(upToCount: count) ?? Data())
    }
    func integer(_ bytes: [UInt8], _ at: Int, _ size: Int) -> UInt64 {
      (0..<size).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
    }
    let header = try read(64, at: 0)
    guard header.count == 64, header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1 else {
      throw ELFError.notELF64
    }
    let (sections, entrySize, count, namesIndex) = (
      integer(header, 0x28, 8), Int(integer(header, 0x3A, 2)), Int(integer(header, 0x3C, 2)), Int(integer(header, 0x3E, 2))
    )
    let table = try read(entrySize * count, at: sections)
    func entry(_ index: Int) -> (name: Int, offset: UInt64, size: Int) {
      let at = index * entrySize
      return (Int(integer(table, at, 4)), integer(table, at + 0x18, 8), Int(integer(table, at + 0x20, 8)))
    }
    let names = entry(namesIndex)
    let strings = try read(names.size, at: names.offset)
    for index in 0..<count {
      let section = entry(index)
      let end = strings[section.name...].firstIndex(of: 0) ?? strings.endIndex
      if String(decoding: strings[section.name..<end], as: UTF8.self) == name {
        return try read(section.size, at: section.offset)
      }
    }
    throw ELFError.noSection(name)
  }
}
