import AppFeature
import ComposableCore
import SharingGRDB
import Testing
import TerminalRuntime
import TerminalUI
import TodosFeature

@MainActor
struct AppViewTests {
  let view = AppView()

  @Test func commandNamesAreUniqueAcrossFeatures() {
    let words = (view.commands + TerminalProgram<AppView>.builtInCommands).flatMap { [$0.name] + $0.aliases }
    #expect(Set(words).count == words.count)
  }

  @Test func eachCommandReachesItsFeature() throws {
    let state = withDependencies {
      $0.context = .test
      $0.defaultDatabase = TodosDatabase.inMemory()
    } operation: { AppFeature.State() }
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

  @Test func theDisplayShowsEveryFeature() {
    let state = withDependencies {
      $0.context = .test
      $0.defaultDatabase = TodosDatabase.inMemory()
    } operation: { AppFeature.State() }
    let display = view.render(state, style: .plain)
    #expect(display.first == "count: 0")
    #expect(display.contains("step: 1"))
  }

  @Test func aChangeToOneFeatureMakesThatFeaturesFrameAlone() {
    let store = withDependencies {
      $0.context = .test
      $0.defaultDatabase = TodosDatabase.inMemory()
    } operation: {
      Store(initialState: AppFeature.State()) { AppFeature() }
    }
    let cache = TerminalFrameCache()
    let first = view.frame(for: store.state, style: .plain, cache: cache)
    #expect(first.lines == view.render(store.state, style: .plain))
    #expect(cache.madeInAll == 4)
    store.send(.counter(.incrementButtonTapped))
    let second = view.frame(for: store.state, style: .plain, cache: cache)
    #expect(second.lines.first == "count: 1")
    #expect(Array(second.lines.dropFirst()) == Array(first.lines.dropFirst()))
    // NB: The counter's frame is made again; the number fact's is kept (the changed count
    //     clears a fact it does not show, and dismisses no alert), as are the settings' and the
    //     todos'.
    #expect((0..<4).map { cache.child($0).madeInAll } == [2, 1, 1, 1])
    _ = view.frame(for: store.state, style: .plain, cache: cache)
    #expect(cache.madeInAll == 5)
  }
}
