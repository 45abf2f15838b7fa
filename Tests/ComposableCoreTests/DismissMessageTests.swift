import ComposableCore
import Testing

/// A reducer that calls `dismiss` without being presented is reported in TCA's words and nothing
/// more, so a test matching on them, by their start or their ending, finds them.
@MainActor
struct DismissMessageTests {
  @Test func dismissingWhenNotPresentedIsReportedInTCAsWords() async {
    @Dependency(\.dismiss) var dismiss
    let line = #line + 2
    await withKnownIssue {
      await dismiss()
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return message == (
        """
        A reducer requested dismissal at "ComposableCoreTests/DismissMessageTests.swift:\(line)", \
        but couldn't be dismissed.

        This is generally considered an application logic error, and can happen when a reducer \
        assumes it runs in a presentation context. If a reducer can run at both the root level \
        of an application, as well as in a presentation destination, use \
        @Dependency(\\.isPresented) to determine if the reducer is being presented before calling \
        @Dependency(\\.dismiss).
        """
      )
    }
  }
}
