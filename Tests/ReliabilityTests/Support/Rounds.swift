import Foundation

/// How many rounds a reliability test runs: `RELIABILITY_ROUNDS` from the environment (the
/// `Tools/reliability/` scripts raise it), else `default`, kept small for `swift test`.
func reliabilityRounds(default: Int) -> Int {
  ProcessInfo.processInfo.environment["RELIABILITY_ROUNDS"].flatMap(Int.init).map { max(1, $0) } ?? `default`
}

/// Prints a line of counts for the `Tools/reliability/` scripts to pick up.
func reportCounts(_ line: String) {
  print("reliability: \(line)")
}
