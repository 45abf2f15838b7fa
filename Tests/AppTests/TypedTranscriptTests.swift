import Testing

/// A typed transcript is compared with the screen exactly: the user's guide's session at a
/// terminal, changed by one character, no longer passes — though the changed line still appears
/// on the terminal, which was all that was checked before.
struct TypedTranscriptTests {
  /// The first typed block of the documents, as the checker reads it.
  private func documented() throws -> TypedTranscript {
    let transcript = try #require(TranscriptTests.documents.flatMap(\.transcripts).first { $0.isTyped && $0.notRun == nil })
    return try TypedTranscript.make(transcript).get()
  }

  /// The index of the first typed step that shows a line under its prompt.
  private func firstStepShowingALine(of typed: TypedTranscript) throws -> Int {
    try #require(typed.steps.indices.first { !typed.steps[$0].keys.isEmpty && !typed.steps[$0].shown.isEmpty })
  }

  @Test func aTypedLineIsReadAsItsKeysAndThePromptRowItShows() throws {
    let text = """
      ```console
      $ app --data-dir "$(mktemp -d)"
      Hello
      > add Buy milk
      todos: 1
      > filter active       ← fi Tab ac Tab Return
      ```
      """
    let transcript = try #require(Transcript.all(in: text, document: "X.md").first)
    #expect(
      try TypedTranscript.make(transcript).get().steps == [
        .init(keys: "", row: nil, shown: ["Hello"]),
        .init(keys: "add Buy milk\r", row: "> add Buy milk", shown: ["todos: 1"]),
        .init(keys: "fi\tac\t\r", row: "> filter active", shown: []),
      ]
    )
  }

  @Test func theDocumentedSessionPassesAsItIs() async throws {
    let problem = try await documented().run()
    #expect(problem == nil, "\(problem ?? "")")
  }

  @Test func aShownLineMissingItsFirstCharacterFails() async throws {
    var steps = try documented().steps
    let index = try firstStepShowingALine(of: TypedTranscript(steps: steps))
    let line = steps[index].shown[0]
    steps[index].shown[0] = String(line.dropFirst())
    let problem = try await TypedTranscript(steps: steps).run()
    #expect(problem?.contains("|" + steps[index].shown[0]) == true, "\(problem ?? "passed")")
    #expect(problem?.contains("|" + line) == true, "the screen's line is shown beside the block's")
  }

  @Test func aPromptRowMissingItsLastCharacterFails() async throws {
    var steps = try documented().steps
    let index = try firstStepShowingALine(of: TypedTranscript(steps: steps))
    let row = try #require(steps[index].row)
    steps[index].row = String(row.dropLast())
    let problem = try await TypedTranscript(steps: steps).run()
    #expect(problem?.contains("|" + row) == true, "\(problem ?? "passed")")
  }

  @Test func aShownLineLeftOutFails() async throws {
    var steps = try documented().steps
    let index = try firstStepShowingALine(of: TypedTranscript(steps: steps))
    let line = steps[index].shown.removeLast()
    let problem = try await TypedTranscript(steps: steps).run()
    #expect(problem?.contains("|" + line) == true, "\(problem ?? "passed")")
  }
}
