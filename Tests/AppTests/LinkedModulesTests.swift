import Foundation
import Testing

/// The app links no test code: its modules import the core, not `ComposableArchitecture`, which
/// re-exports `TestStore` for ported tests and features.
struct LinkedModulesTests {
  @Test func theAppLinksNoTestSupport() throws {
    let binary = try Data(contentsOf: AppProcess.executable)
    #expect(binary.count > 0)
    // NB: every symbol of a module carries its name, so a linked module's name is in the
    //     binary. (Not so for IssueReporting's test support: IssueReporting itself names it, to
    //     look it up at run time.)
    #expect(binary.range(of: Data("ComposableTestSupport".utf8)) == nil)
    #expect(binary.range(of: Data("ComposableCore".utf8)) != nil)
  }
}
