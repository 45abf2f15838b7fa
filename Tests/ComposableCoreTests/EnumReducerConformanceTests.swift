import ComposableCore
import Foundation
import Testing

/// An enum reducer's synthesized `State` and `Action` take the conformances their cases' allow,
/// added in extensions, as TCA's macro conformance test declares them: `Codable`, `Hashable`
/// and `Sendable` state, `Hashable` and `Sendable` actions.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct EnumReducerConformanceTests {
  @Test func theSynthesizedStateAndActionTakeConformancesInExtensions() throws {
    let state = Conforming.Destination.State.feature(Conforming.Feature.State())
    let data = try JSONEncoder().encode(state)
    #expect(try JSONDecoder().decode(Conforming.Destination.State.self, from: data) == state)
    #expect(Set([state, state]).count == 1)
    Conforming.requireStateConformances(state)
    Conforming.requireActionConformances(Conforming.Destination.Action.self)
  }
}

/// TCA's shapes: an empty struct reducer (whose domain the macro makes `Codable`, `Hashable` and
/// `Sendable`), and an enum reducer of it.
private enum Conforming {
  @Reducer
  struct Feature {}
  @Reducer
  enum Destination {
    case feature(Feature)
  }
  static func requireStateConformances(_: some Codable & Hashable & Sendable) {}
  static func requireActionConformances<A: Hashable & Sendable>(_: A.Type) {}
}

extension Conforming.Destination.State: Codable, Hashable, Sendable {}
extension Conforming.Destination.Action: Hashable, Sendable {}
