import AppFeature
import ComposableCore
import Testing
import TerminalRuntime
import TerminalUI

@MainActor
struct AppViewTests {
  let view = AppView()

  @Test func commandNamesAreUniqueAcrossFeatures() {
    let words = (view.commands + TerminalSession<AppView>.builtInCommands).flatMap { [$0.name] + $0.aliases }
    #expect(Set(words).count == words.count)
  }

  @Test func eachCommandReachesItsFeature() throws {
    let state = withDependencies { $0.context = .test } operation: { AppFeature.State() }
    func action(_ line: String) throws -> String {
      let invocation = try #require(try view.parse(line))
      guard case .send(let action) = try view.interpret(invocation, state: state) else {
        return "print"
      }
      return String(describing: action)
    }
    #expect(try action("inc").hasPrefix("counter("))
    #expect(try action("fact").hasPrefix("numberFact("))
    #expect(try action("add Buy milk").hasPrefix("todos("))
    #expect(try action("set step 5").hasPrefix("settings("))
    #expect(try action("todos") == "print")
  }

  @Test func helpGroupsCommandsByFeature() {
    #expect(view.commandGroups.map(\.title) == ["Counter", "Number facts", "Todos", "Settings"])
  }

  @Test func theScreenShowsEveryFeature() {
    let state = withDependencies { $0.context = .test } operation: { AppFeature.State() }
    let screen = view.render(state, style: .plain)
    #expect(screen.first == "count: 0")
    #expect(screen.contains("step: 1"))
  }

  @Test func throughTheStoreEachFeatureReadsItsScopedStore() {
    let store = withDependencies { $0.context = .test } operation: {
      Store(initialState: AppFeature.State()) { AppFeature() }
    }
    #expect(view.render(store, style: .plain) == view.render(store.state, style: .plain))
    let counter = store.scope(state: \.counter, action: \.counter)
    let fired = LockIsolated(0)
    withObservationTracking {
      _ = view.render(store, style: .plain)
    } onChange: {
      fired.withValue { $0 += 1 }
    }
    counter.send(.incrementButtonTapped)
    #expect(fired.value == 1)
    #expect(view.render(store, style: .plain).first == "count: 1")
    let invocation = try? view.parse("set step 5")
    guard let invocation, case .send(let action)? = try? view.interpret(invocation, store: store) else {
      Issue.record("set step 5 should send an action")
      return
    }
    #expect(String(describing: action).hasPrefix("settings("))
  }
}
