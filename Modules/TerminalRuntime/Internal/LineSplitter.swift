/// Splits bytes into lines: UTF-8 text without the line break (and a trailing carriage
/// return). Lines that are too long or not UTF-8 become an explanation instead.
struct LineSplitter {
  let maxLineLength: Int
  private var pending: [UInt8] = []
  private var isSkippingLongLine = false

  init(maxLineLength: Int) {
    self.maxLineLength = maxLineLength
  }

  mutating func append(_ bytes: some Collection<UInt8>) -> [TerminalEvent] {
    var events: [TerminalEvent] = []
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        if isSkippingLongLine {
          isSkippingLongLine = false
        } else {
          events.append(line(from: pending))
        }
        pending.removeAll(keepingCapacity: true)
      } else if !isSkippingLongLine {
        pending.append(byte)
        if pending.count > maxLineLength {
          events.append(.unreadable("line longer than \(maxLineLength / 1024) KiB ignored"))
          pending.removeAll(keepingCapacity: true)
          isSkippingLongLine = true
        }
      }
    }
    return events
  }

  mutating func finish() -> [TerminalEvent] {
    defer { pending.removeAll() }
    return pending.isEmpty || isSkippingLongLine ? [] : [line(from: pending)]
  }

  // NB: Decoded with repairs, then compared with the bytes: a repair replaces bytes that are not
  //     UTF-8 with U+FFFD, which they never spell, so the text is the bytes exactly when they
  //     were valid. `String(validating:as:)` runs the standard library's generic validation,
  //     unspecialized, which looks up metadata at every line.
  private func line(from bytes: [UInt8]) -> TerminalEvent {
    var bytes = bytes[...]
    if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.utf8.elementsEqual(bytes) else {
      return .unreadable("line is not valid UTF-8 text, ignored")
    }
    return .line(text)
  }
}
