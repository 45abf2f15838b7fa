/// Stops the benchmark with `message` unless `condition` holds.
///
/// Unlike `precondition`, whose message an optimized build drops, the message is printed in the
/// release builds the benchmarks run as, so a failed check says what went wrong.
public func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
  if !condition { fatalError(message(), file: file, line: line) }
}
