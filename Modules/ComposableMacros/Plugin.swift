import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that expands ComposableCore's macros.
@main
struct Plugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    ObservableStateMacro.self,
    ObservationStateIgnoredMacro.self,
    ObservationStateTrackedMacro.self,
    PresentsMacro.self,
    ReducerCaseEphemeralMacro.self,
    ReducerCaseIgnoredMacro.self,
    ReducerMacro.self,
    ViewActionMacro.self,
  ]
}
