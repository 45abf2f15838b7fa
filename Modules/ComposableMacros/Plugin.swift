import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that expands ComposableCore's macros.
///
/// The expansions are `Modules/ComposableMacroExpansions`, compiled into this module through
/// its `Expansions` link: the compiler asks the plugin for each macro by this module's name
/// (`#externalMacro(module: "ComposableMacros", type: "ReducerMacro")`), so the types must be
/// declared here. The same sources make the library `ComposableMacroExpansions`, which the
/// expansion tests import instead of this plugin (see `Package.swift`).
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
