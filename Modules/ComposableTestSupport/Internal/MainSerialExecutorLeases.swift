/// The count of test stores alive and the main-serial-executor setting from before the first:
/// each step returns the setting to apply.
struct MainSerialExecutorLeases: Equatable {
  private(set) var count = 0
  private(set) var original = false

  /// A test store begins: serial execution is on, and the first remembers what it replaces.
  mutating func acquire(current: Bool) -> Bool {
    if count == 0 { original = current }
    count += 1
    return true
  }

  /// A test store ends: the last restores the setting the first found.
  mutating func release(current: Bool) -> Bool {
    count -= 1
    return count == 0 ? original : current
  }
}
