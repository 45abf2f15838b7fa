import NavigationState
import Testing

struct ButtonStateTests {
  enum Action: Equatable, Sendable {
    case save
  }

  @Test func withActionPassesTheActionOrNil() {
    var performed: [Action?] = []
    ButtonState(action: Action.save) { TextState("Save") }.withAction { performed.append($0) }
    ButtonState<Action>(role: .cancel) { TextState("Cancel") }.withAction { performed.append($0) }
    #expect(performed == [.save, nil])
  }

  @MainActor
  @Test func asyncWithActionAwaitsThePerformer() async {
    var performed: [Action?] = []
    await ButtonState(action: .send(Action.save)) { TextState("Save") }.withAction { action in
      await Task.yield()
      performed.append(action)
    }
    #expect(performed == [.save])
  }

  @Test func equalityIgnoresTheIDAndComparesRoleActionAndLabel() {
    let save = ButtonState(action: Action.save) { TextState("Save") }
    #expect(save == ButtonState(action: Action.save) { TextState("Save") })
    #expect(save != ButtonState(role: .destructive, action: Action.save) { TextState("Save") })
    #expect(save != ButtonState<Action> { TextState("Save") })
    #expect(save != ButtonState(action: Action.save) { TextState("Keep") })
  }
}
