import SwiftSyntax
import SwiftSyntaxBuilder

extension EnumCaseParameterClauseSyntax {
  /// The clause without default values, which the generated enums cannot carry.
  var withoutDefaults: Self {
    with(\.parameters, EnumCaseParameterListSyntax(parameters.map { $0.with(\.defaultValue, nil) }))
  }
}
