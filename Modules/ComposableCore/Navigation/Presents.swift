/// The name TCA's observation-era features use for ``PresentationState`` until the `@Presents`
/// macro is declared: `@Presents var destination: Destination.State?`.
public typealias Presents<State> = PresentationState<State>
