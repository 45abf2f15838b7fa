import AppDependencies
import Dependencies
import Testing

struct NumberFactClientTests {
  @Test func factKindsAreTheServicePathComponents() {
    #expect(FactKind.allCases.map(\.rawValue) == ["trivia", "math", "year", "date"])
  }

  @Test func previewAnswersEveryKindTheSameWayEveryTime() async throws {
    let client = NumberFactClient.previewValue
    for kind in FactKind.allCases {
      let first = try await client.fetch(42, kind)
      let second = try await client.fetch(42, kind)
      #expect(first.hasPrefix("42 "))
      #expect(first == second)
    }
    #expect(try await client.fetch(7, .math) == "7 is an odd number.")
  }

  @Test func testValueIsUnimplemented() async {
    await withKnownIssue {
      _ = try await NumberFactClient.testValue.fetch(1, .trivia)
    }
  }

  @Test func overridingTheEndpointThroughDependencyValues() async throws {
    let fact = try await withDependencies {
      $0.numberFact.fetch = { number, _ in "\(number) is a good number." }
    } operation: {
      @Dependency(\.numberFact) var numberFact
      return try await numberFact.fetch(3, .trivia)
    }
    #expect(fact == "3 is a good number.")
  }
}
