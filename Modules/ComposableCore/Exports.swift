// A feature imports `ComposableCore` alone, as a TCA feature imports `ComposableArchitecture`:
// case paths, clocks, custom dump, dependencies, identified collections, Observation and the alert and
// dialog states of `NavigationState` come with it, and the inert animations of `Animations` that
// actions may be sent with.
@_exported import Animations
@_exported import CasePaths
@_exported import Clocks
@_exported import ConcurrencyExtras
@_exported import CustomDump
@_exported import Dependencies
@_exported import DependenciesMacros
@_exported import IdentifiedCollections
@_exported import IssueReporting
@_exported import NavigationState
@_exported import Observation
