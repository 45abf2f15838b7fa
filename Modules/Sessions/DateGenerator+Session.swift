import Dependencies
import Foundation

// MARK: - The dates a run reads (`@Dependency(\.date)`), recorded and replayed

extension DateGenerator {
  /// `base`, each date it gives recorded by `recorder`, as an answer of `date`: its seconds since
  /// the reference date, written as `Double` describes itself, which reads back as the same
  /// `Double`, so a replay gives back exactly the date the run read.
  public static func recorded(_ base: DateGenerator, by recorder: SessionRecorder) -> Self {
    Self {
      let date = base()
      let seconds = date.timeIntervalSinceReferenceDate.description
      recorder.record(.answer(dependency: "date", call: recorder.nextCall(of: "date"), value: seconds))
      return date
    }
  }

  /// The dates a recorded session's run read, in order, each given at once (a date is read
  /// without waiting, as an id is made); the reference date, and a divergence, for a date the
  /// recording does not have.
  public static func replayed(by cursor: ReplayCursor) -> Self {
    Self {
      Date(timeIntervalSinceReferenceDate: cursor.answerNow(of: "date").flatMap(Double.init) ?? 0)
    }
  }
}
