import ComposableCore
import IssueReportingTestSupport
import Testing

/// A `send` escaped from an `Effect.run` into another task and called after the effect ended is
/// reported, as the Composable Architecture reports it, and its action is dropped.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct EscapedSendTests {
  enum Action { case tap, response }

  @Test func anActionSentFromACompletedEffectIsReportedAndDropped() async {
    let clock = TestClock()
    let (sent, sentContinuation) = AsyncStream.makeStream(of: Void.self)
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          return .run { send in
            Task {
              try await clock.sleep(for: .seconds(1))
              await send(.response)
              sentContinuation.yield()
            }
          }
        case .response:
          state += 1
          return .none
        }
      }
    }
    // NB: The effect's tasks are started inside, so the issue they report is the known one.
    await withKnownIssue {
      await store.send(.tap).finish()
      await clock.advance(by: .seconds(1))
      for await _ in sent { break }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasSuffix(
        """
        An action was sent from a completed effect.

          Action:
            EscapedSendTests.Action.response

          Effect returned from:
            EscapedSendTests.Action.tap

        Avoid sending actions using the 'send' argument from 'Effect.run' after the effect has \
        completed. This can happen if you escape the 'send' argument in an unstructured context.

        To fix this, make sure that your 'run' closure does not return until you're done \
        calling 'send'.
        """
      )
    }
    #expect(store.state == 0)
  }
}
