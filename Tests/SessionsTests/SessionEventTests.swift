import Foundation
import Sessions
import Testing

@Suite struct SessionEventTests {
  @Test func everyEventReadsBackAsWritten() throws {
    let events: [SessionEvent] = [
      .file(path: "todos.json", contents: Data("[]".utf8)),
      .file(path: "app-storage.json", contents: nil),
      .file(path: "blob", contents: Data([0xFF, 0x00, 0xFE])),
      .line("add \"milk\"\tand\\bread"),
      .unreadable("line 3 is not UTF-8"),
      .interrupt(typed: nil),
      .interrupt(typed: "inc"),
      .endOfInput,
      .resize(rows: 14),
      .action("AppFeature.Action.counter(\n  .incrementButtonTapped\n)", from: .line),
      .action("AppFeature.Action.numberFact(.countChanged)", from: .effect),
      .answer(dependency: "uuid", call: 1, value: "00000000-0000-0000-0000-000000000001"),
      .failure(dependency: "numberFact", call: 2, message: "The server answered 500"),
      .externalChange(path: "todos.json", contents: nil),
      .output("count: 1\n", stream: .output),
      .output("unknown command \"x\"\n", stream: .error),
      .output("kept aside\n", stream: .notice),
      .exit(status: 130),
    ]
    let session = SessionFile(header: SessionHeader(feature: "app", isInteractive: true), events: events)
    let read = try SessionFile(data: Data(session.text.utf8), name: "test.session")
    #expect(read.header == session.header)
    #expect(read.events == events)
    #expect(!read.isCutShort)
  }

  @Test func aResizeIsOneNumber() {
    #expect(SessionEvent.resize(rows: 14).jsonLine == #"{"resize":14}"#)
  }
}
