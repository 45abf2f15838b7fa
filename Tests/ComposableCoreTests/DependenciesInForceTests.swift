@testable import ComposableCore
import Dependencies
import Foundation
import Testing

/// What a send and a presentation compare the dependencies in force with is what
/// `DependencyValues._current` reads: the innermost binding, in the task or inherited by it, or
/// the default where they are bound nowhere, read where it lies.
struct DependenciesInForceTests {
  @Test func theInnermostBindingIsHeldAndNoOther() {
    let inForce = DependenciesInForce()
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      let outer = DependencyValues._current
      #expect(inForce.holds(outer))
      withDependencies {
        $0.uuid = .constant(UUID(0))
      } operation: {
        let inner = DependencyValues._current
        #expect(inForce.holds(inner))
        #expect(!inForce.holds(outer))
        #expect(isIdentical(inForce.get(), inner))
      }
      #expect(inForce.holds(outer))
    }
  }

  @Test func aChildTaskHoldsTheBindingsItInherits() async {
    let held = await withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 0)
    } operation: {
      let outer = DependencyValues._current
      return await Task { DependenciesInForce().holds(outer) }.value
    }
    #expect(held)
  }

  @Test func theDefaultIsHeldWhereTheyAreBoundNowhereBeforeAndAfterABinding() async {
    // NB: A detached task inherits no binding: the task local's default is in force.
    let results = await Task.detached {
      let inForce = DependenciesInForce()
      let unbound = DependencyValues._current
      var results = [inForce.holds(unbound), inForce.holds(unbound)]
      withDependencies {
        $0.uuid = .incrementing
      } operation: {
        results.append(inForce.holds(unbound))
        results.append(inForce.holds(DependencyValues._current))
      }
      results.append(inForce.holds(unbound))
      var changed = unbound
      changed.uuid = .incrementing
      results.append(inForce.holds(changed))
      return results
    }.value
    #expect(results == [true, true, false, true, true, false])
  }
}
