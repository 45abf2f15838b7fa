import CustomDump
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

struct AnimatedButtonStateTests {
  enum Action: Equatable, Sendable {
    case save
  }

  @Test func anAnimationIsComparedAsSwiftNavigationComparesIt() {
    let plain = ButtonStateAction.send(Action.save)
    #expect(plain != .send(.save, animation: nil))
    #expect(ButtonStateAction.send(Action.save, animation: .default) == .send(.save, animation: .default))
    #expect(ButtonStateAction.send(Action.save, animation: .default) != .send(.save, animation: .linear))
    let alert = AlertState<Action> {
      TextState("Save?")
    } actions: {
      ButtonState(action: .send(.save, animation: .default)) { TextState("Save") }
    }
    #expect(
      alert
        == AlertState {
          TextState("Save?")
        } actions: {
          ButtonState(action: .send(.save, animation: .default)) { TextState("Save") }
        }
    )
    #expect(
      alert
        != AlertState {
          TextState("Save?")
        } actions: {
          ButtonState(action: .send(.save)) { TextState("Save") }
        }
    )
  }

  @Test func anAnimatedButtonSendsItsActionAsAPlainOneDoes() {
    let button = ButtonState(action: .send(Action.save, animation: .easeIn)) { TextState("Save") }
    #expect(button.action.action == .save)
    var performed: [Action?] = []
    button.withAction { performed.append($0) }
    #expect(performed == [.save])
    let mapped = button.action.map { $0.map { _ in "saved" } }
    #expect(mapped == .send("saved", animation: .easeIn))
  }

  @MainActor
  @Test func anAnimatedActionPerformedAsynchronouslyIsReported() async {
    let button = ButtonState(action: .send(Action.save, animation: .default)) { TextState("Save") }
    var performed: [Action?] = []
    await withKnownIssue {
      await button.withAction { action in
        await Task.yield()
        performed.append(action)
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined(separator: "\n").hasPrefix(
        """
        An animated action was performed asynchronously: …

          Action:
            AnimatedButtonStateTests.Action.save

        Asynchronous actions cannot be animated.
        """
      )
    }
    #expect(performed == [.save])
  }

  @Test func anAnimatedActionDumpsWithItsAnimation() {
    var dump = ""
    customDump(ButtonStateAction.send(Action.save, animation: nil), to: &dump)
    #expect(dump.hasPrefix("ButtonStateAction.send("))
    #expect(dump.contains("animation: nil"))
  }
}
