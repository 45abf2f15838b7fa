// `import ComposableArchitecture`, as a TCA feature or test writes it: the core (with case paths,
// clocks, concurrency extras, custom dump, dependencies, identified collections, Observation and
// the navigation states it re-exports), `TestStore`, and the persistence module.
//
// NB: The app's own features import `ComposableCore`, which holds no test code, so the `app`
//     executable does not link `ComposableTestSupport`. A file brought over from TCA keeps its
//     import line; a target that imports this module links `TestStore`, as TCA's does.
// NB: Animations too, though the core re-exports it: SwiftUI brings `Animation` and
//     `Transaction` to a TCA file, and here this module does.
// NB: Foundation too: on Apple platforms TCA's SwiftUI exports bring it, and a file ported here
//     with its SwiftUI import removed still uses `UUID`, `Date` and `URL` under this one import.
@_exported import Animations
@_exported import ComposableCore
@_exported import ComposableTestSupport
@_exported import Foundation
// NB: And, off Apple platforms, FoundationNetworking: there `URLSession` is not in Foundation, and
//     a live client brought over from TCA (`URLSession.shared.data(from:)`) keeps its one import.
#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif
@_exported import Persistence
