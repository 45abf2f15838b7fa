import SwiftSyntax
import SwiftSyntaxMacros

/// `@ReducerCaseIgnored`: a marker `@Reducer` reads on an enum reducer's case.
public enum ReducerCaseIgnoredMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
