@testable import ComposableCore
import ConcurrencyExtras
import Testing

/// An observable state's registrar is made by the first read of a tracked property, not with the
/// state: a list of 100,000 states read a page at a time holds 20 registrars, not 100,000.
@MainActor
struct LazyRegistrarTests {
  @ObservableState
  struct Row: Equatable {
    var title = ""
  }

  @Test func aStateNeitherReadNorObservedHasNoRegistrar() {
    var row = Row()
    row.title = "written, never read"
    #expect(row._$observationRegistrar.announcer.registrarIfMade == nil)
    _ = row.title
    #expect(row._$observationRegistrar.announcer.registrarIfMade != nil)
  }

  @Test func aCopyReadMakesTheRegistrarItsOriginalAnnouncesTo() {
    let original = Row()
    let copy = original
    let fired = LockIsolated(0)
    withObservationTracking { _ = copy.title } onChange: { fired.withValue { $0 += 1 } }
    var changed = original
    changed.title = "changed"
    #expect(fired.value == 1)
  }
}
