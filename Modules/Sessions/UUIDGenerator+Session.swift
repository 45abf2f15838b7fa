import Dependencies
import Foundation

// MARK: - The ids a run makes (`@Dependency(\.uuid)`), recorded and replayed

extension UUIDGenerator {
  /// `base`, each id it makes recorded by `recorder`.
  public static func recorded(_ base: UUIDGenerator, by recorder: SessionRecorder) -> Self {
    Self {
      let id = base()
      recorder.record(.answer(dependency: "uuid", call: recorder.nextCall(of: "uuid"), value: id.uuidString))
      return id
    }
  }

  /// The ids a recorded session's run made, in order; a zero id, and a divergence, for an id the
  /// recording does not have.
  public static func replayed(by cursor: ReplayCursor) -> Self {
    Self {
      cursor.answerNow(of: "uuid").flatMap(UUID.init(uuidString:)) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }
  }
}
