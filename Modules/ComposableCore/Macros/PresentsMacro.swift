/// Holds a presented feature's optional state in `@ObservableState` state:
/// `@Presents var destination: Destination.State?`.
///
/// Reads and writes of `destination` are observed; `$destination` is the
/// ``PresentationState`` that `ifLet(\.$destination, action: \.destination)` integrates.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(`$`), prefixed(_))
public macro Presents() = #externalMacro(module: "ComposableMacros", type: "PresentsMacro")
