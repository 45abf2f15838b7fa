import Foundation
import Testing

/// README names the modules that have a documentation catalog; the list is the folders
/// `Modules/<Module>/<Module>.docc` there are, so a catalog added or removed fails here until
/// README says so.
struct CatalogListTests {
  @Test func readmeNamesEveryModuleWithACatalogAndNoOther() throws {
    let readme = try String(contentsOf: CodeBlockTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let named = try #require(Self.modulesNamed(inReadme: readme), "README has no sentence \"These modules have DocC catalogs: …\"")
    let modules = CodeBlockTests.repository.appendingPathComponent("Modules")
    let catalogs = try FileManager.default.contentsOfDirectory(atPath: modules.path).filter { module in
      FileManager.default.fileExists(atPath: modules.appendingPathComponent("\(module)/\(module).docc").path)
    }
    #expect(named.sorted() == catalogs.sorted())
  }

  @Test func theModulesAreTheCodeSpansOfTheSentence() {
    let text = "These modules have DocC catalogs: `A`, `B` and\n`C`. The import-line modules (`D`) only"
    #expect(Self.modulesNamed(inReadme: text) == ["A", "B", "C"])
  }

  /// The modules in README's sentence "These modules have DocC catalogs: `A`, `B` and `C`.".
  static func modulesNamed(inReadme readme: String) -> [String]? {
    guard let start = readme.range(of: "These modules have DocC catalogs:") else { return nil }
    let rest = readme[start.upperBound...]
    guard let end = rest.range(of: ".") else { return nil }
    return rest[..<end.lowerBound].split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
  }
}
