import Foundation
import TerminalRuntime

// MARK: - The program's side: the sends a line asks for, and the output, checked byte for byte

extension ReplayCursor {
  /// The program is about to send what a line asked for: the next action comes from the line.
  func willSendFromLine() {
    state.withLock { $0.lineSendPending = true }
  }

  /// Checks `text`, written by the program to `stream`, against the recorded output.
  func wrote(_ text: String, to stream: TerminalOutput.Stream) {
    let stream: SessionEvent.OutputStream = switch stream {
    case .output: .output
    case .error: .error
    case .notice: .notice
    }
    guard stream != .notice, let expected = expectedOutput?[stream] else { return }
    let bytes = Array(text.utf8)
    let mismatch = update { state -> (expected: String, produced: String, at: Int)? in
      guard state.divergence == nil else { return nil }
      let offset = state.written[stream, default: 0]
      state.written[stream] = offset + bytes.count
      // NB: Cut short, the recording lost what was written after its last event.
      if isCutShort, offset >= expected.count { return nil }
      let bytes = isCutShort ? Array(bytes.prefix(expected.count - offset)) : bytes
      let end = min(expected.count, offset + bytes.count)
      if offset + bytes.count <= expected.count, expected[offset..<end].elementsEqual(bytes) {
        state.actionsSinceOutput.removeAll()
        return nil
      }
      let tail = expected[min(offset, expected.count)...]
      let common = zip(bytes, tail).prefix { $0 == $1 }.count
      return (Self.line(in: expected, at: offset + common), Self.line(in: bytes, at: common), offset + common)
    }
    if let mismatch {
      diverge(outputDivergence(stream, expected: mismatch.expected, produced: mismatch.produced, at: mismatch.at))
    }
  }

  /// The divergence of the text written to `stream` from the recorded text at byte `offset` of
  /// the stream: at the event that wrote that text, or at the end of the session when the
  /// recording wrote no more.
  private func outputDivergence(_ stream: SessionEvent.OutputStream, expected: String, produced: String, at offset: Int) -> SessionDivergence {
    let kind = SessionDivergence.Kind.output(stream: stream, expected: expected, produced: produced)
    let ends = outputEnds[stream] ?? []
    guard let index = ends.firstIndex(where: { $0.end > offset }), let bytes = expectedOutput?[stream] else {
      return SessionDivergence(event: nil, expected: nil, kind: kind)
    }
    let start = index == 0 ? 0 : ends[index - 1].end
    let text = String(decoding: bytes[start..<ends[index].end], as: UTF8.self)
    return SessionDivergence(event: ends[index].number, expected: .output(text, stream: stream), kind: kind)
  }

  /// Checks that the replay wrote all the recorded run wrote.
  func checkOutputIsComplete() {
    guard let expectedOutput else { return }
    for stream in [SessionEvent.OutputStream.output, .error] {
      let expected = expectedOutput[stream] ?? []
      let written = state.withLock { $0.written[stream, default: 0] }
      if written < expected.count {
        diverge(outputDivergence(stream, expected: Self.line(in: expected, at: written), produced: "", at: written))
        return
      }
    }
  }

  /// The line of `bytes` that holds `offset`, without its line break.
  private static func line(in bytes: [UInt8], at offset: Int) -> String {
    let offset = min(offset, bytes.count)
    let start = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
