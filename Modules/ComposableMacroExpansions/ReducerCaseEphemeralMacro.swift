import SwiftSyntax
import SwiftSyntaxMacros

/// `@ReducerCaseEphemeral`: a marker `@Reducer` reads on an enum reducer's case.
public enum ReducerCaseEphemeralMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
