import Observation

/// Makes a feature's state observable property by property, as Swift's `@Observable` does for
/// classes: a store's readers are told when a property they read changes, not when another one
/// does.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var count = 0
///   @ObservationStateIgnored var scratch = ""
/// }
/// ```
///
/// On an enum of states it gives each case the identity of the state it holds. `@Shared`,
/// `@SharedReader` and `@Presents` properties are observed through their own machinery.
@attached(extension, conformances: Observable, ObservableState)
@attached(member, names: named(_$id), named(_$observationRegistrar), named(_$willModify), named(_$accessor), named(shouldNotifyObservers))
@attached(memberAttribute)
public macro ObservableState() = #externalMacro(module: "ComposableMacros", type: "ObservableStateMacro")

/// Makes one stored property of `@ObservableState` state observed: applied by that macro.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro ObservationStateTracked() = #externalMacro(module: "ComposableMacros", type: "ObservationStateTrackedMacro")

/// Leaves a stored property of `@ObservableState` state unobserved: reading it registers
/// nothing and changing it tells no one.
@attached(accessor, names: named(willSet))
public macro ObservationStateIgnored() = #externalMacro(module: "ComposableMacros", type: "ObservationStateIgnoredMacro")
