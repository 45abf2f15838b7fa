import Foundation
import LoopbackHTTP
import TemporaryFiles
import Testing

/// The real `app` binary fed standard input no person would type: random bytes, text that is
/// not UTF-8, control characters, NUL bytes, blank lines, megabyte lines, and an end of input
/// or an interrupt while a fact is still loading. Nothing may crash or hang, every rejected
/// line gets one message, and what was saved stays saved.
///
/// The random run is seeded; `HOSTILE_STDIN_LINES` and `HOSTILE_STDIN_SEED` change its size
/// and seed (`Tools/reliability/hostile-stdin` runs 100,000 lines).
@Suite(.serialized)
struct HostileStdinTests {
  let directory: TemporaryDirectory
  let server: LoopbackServer

  init() throws {
    directory = try TemporaryDirectory()
    server = try .numbers()
  }

  func app(numbersAPI: URL? = nil) -> AppProcess {
    AppProcess(arguments: ["--data-dir", directory.path, "--numbers-api", (numbersAPI ?? server.url).absoluteString])
  }

  @Test(.timeLimit(.minutes(10)))
  func randomLinesAreRejectedOneByOneAndNothingIsLost() async throws {
    defer { directory.remove(); server.stop() }
    let environment = ProcessInfo.processInfo.environment
    let count = environment["HOSTILE_STDIN_LINES"].flatMap(Int.init) ?? 3_000
    let seed = environment["HOSTILE_STDIN_SEED"].flatMap(UInt64.init) ?? 20_261_122
    var input = HostileInput(count: count, seed: seed, longLines: true)
    input.append(Array("add the last line".utf8), kind: .commandLike)

    let result = try await app().run(input: input.bytes)

    #expect(result.status == 0)
    let errors = result.error.split(separator: "\n")
    let notUTF8 = errors.filter { $0 == "line is not valid UTF-8 text, ignored" }.count
    let tooLong = errors.filter { $0 == "line longer than 64 KiB ignored" }.count
    #expect(notUTF8 == input.notUTF8)
    #expect(tooLong == input.tooLong)
    #expect(input.tooLong == 2)
    // Every message is printable text: no control character a line carried is echoed back.
    let unprintable = errors.filter { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }
    #expect(unprintable.isEmpty, "messages with control characters: \(unprintable.prefix(3))")
    #expect(result.output.contains("the last line"))
    let todos = try await AppProcess.storedTodos(in: directory.url)
    #expect(todos.contains("the last line"))

    let kinds = HostileInput.Kind.allCases.map { "\($0.rawValue): \(input.counts[$0, default: 0])" }
    print(
      """
      hostile stdin: seed \(seed), \(input.counts.values.reduce(0, +)) lines, \(input.bytes.count) bytes \
      (\(kinds.joined(separator: ", "))); exit status \(result.status); \
      messages: \(errors.count) (not UTF-8: \(notUTF8), too long: \(tooLong)); crashes: \(result.status == 0 ? 0 : 1)
      """
    )
  }

  @Test func nulBytesAndBlankLinesAreHarmless() async throws {
    defer { directory.remove(); server.stop() }
    let result = try await app().run(input: Data("\0\n   \n\t\r\n\r\n\u{3000}\ninc\0\n\0inc\ninc\n".utf8))
    #expect(result.status == 0)
    #expect(result.output == "count: 1\n")
    // A NUL is not a space: `inc\0` is one word, not `inc` and an argument.
    #expect(result.error.split(separator: "\n") == [
      #"unknown command "\0" — type help"#,
      #"unknown command "inc\0" — did you mean "inc"? type help"#,
      #"unknown command "\0inc" — did you mean "inc"? type help"#,
    ])
  }

  @Test func controlCharactersAreShownEscapedInMessages() async throws {
    defer { directory.remove(); server.stop() }
    let result = try await app().run(input: "\u{1B}]0;owned\u{07}\nset step \u{1B}[2J\n")
    #expect(result.status == 0)
    #expect(result.error.split(separator: "\n") == [
      #"unknown command "\e]0;owned\a" — type help"#,
      #"step must be a whole number from 1 to 1000, got "\e[2J""#,
    ])
  }

  @Test func aLongFirstWordIsShortenedInTheMessage() async throws {
    defer { directory.remove(); server.stop() }
    let word = String(repeating: "x", count: 60_000)
    let result = try await app().run(input: "\(word)\ninc\n")
    #expect(result.status == 0)
    #expect(result.error == "unknown command \"\(String(repeating: "x", count: 40))…\" — type help\n")
    #expect(result.output == "count: 1\n")
  }

  @Test func theEndOfInputWhileASlowServerAnswersWaitsForTheFact() async throws {
    defer { directory.remove(); server.stop() }
    let slow = try LoopbackServer { _ in .drip(body: Array("7 is a slow number.".utf8), interval: .milliseconds(50)) }
    defer { slow.stop() }
    // No line break after `fact`: the input ends in the middle of the command and its request.
    let result = try await app(numbersAPI: slow.url).run(input: "add keep me\nset step 7\ninc\nfact")
    #expect(result.status == 0)
    #expect(result.output.contains("fact: 7 is a slow number."))
    #expect(result.error == "")
    #expect(slow.paths == ["/7/trivia"])
    let todos = try await AppProcess.storedTodos(in: directory.url)
    #expect(todos.contains("keep me"))
  }

  @Test func anInterruptWhileAFactLoadsSavesEverythingAndExits130() async throws {
    defer { directory.remove(); server.stop() }
    let silent = try LoopbackServer { _ in .silence }
    defer { silent.stop() }
    let (process, input, output, error) = try app(numbersAPI: silent.url).start()
    input.write(Data("add one\nadd two\ninc\ninc\nfact\n".utf8))
    var requests = silent.requests.makeAsyncIterator()
    #expect(await requests.next() == "/2/trivia")
    process.interrupt()
    async let printedData = onThread { output.fileHandleForReading.readDataToEndOfFile() }
    async let errorData = onThread { error.fileHandleForReading.readDataToEndOfFile() }
    let (printed, errors) = await (String(decoding: printedData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    await onThread { process.waitUntilExit() }

    #expect(process.terminationStatus == 130)
    #expect(printed.contains("fact: loading 2 (trivia)…"))
    #expect(!printed.contains("Could not load"))  // cancelled, not timed out
    #expect(errors == "")
    let todos = try await AppProcess.storedTodos(in: directory.url)
    #expect(todos.contains("one") && todos.contains("two"))
    let storage = try String(contentsOf: directory.url.appendingPathComponent("app-storage.json"), encoding: .utf8)
    #expect(storage.contains(#""count":2"#) || storage.contains(#""count" : 2"#))
  }
}
