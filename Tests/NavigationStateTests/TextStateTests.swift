import CustomDump
import NavigationState
import Testing

struct TextStateTests {
  @Test func dumpsAsItsText() {
    var dump = ""
    customDump(TextState("Hello, world!"), to: &dump)
    #expect(dump == #""Hello, world!""#)
  }

  @Test func dumpsStylesAsMarks() {
    var dump = ""
    customDump(TextState("Hello, ") + TextState("world").bold().italic() + TextState("!"), to: &dump)
    #expect(dump == #""Hello, _**world**_!""#)

    dump = ""
    customDump(
      TextState("Stricken").strikethrough() + TextState("\n")
        + TextState("Not stricken").strikethrough(false) + TextState("\n")
        + TextState("Underlined").underline() + TextState("\n")
        + TextState("Not underlined").underline(false) + TextState("\n")
        + TextState("Not bold").bold(isActive: false),
      to: &dump
    )
    expectNoDifference(
      dump,
      #"""
      """
      ~~Stricken~~
      Not stricken
      <u>Underlined</u>
      Not underlined
      Not bold
      """
      """#
    )
  }

  @Test func stringOfStateIsThePlainText() {
    let text = TextState("Delete ") + TextState("3 todos").bold() + TextState(verbatim: "?")
    #expect(String(state: text) == "Delete 3 todos?")
    #expect("\(text)" == "Delete 3 todos?")
  }

  @Test func equalityComparesTextAndStyles() {
    #expect(TextState("a") == TextState(verbatim: "a"))
    #expect(TextState("a") != TextState("a").bold())
    #expect(TextState("a") + TextState("b") != TextState("ab"))
    #expect(Set([TextState("a"), TextState("a"), TextState("b")]).count == 2)
  }

  @Test func acceptsAnyStringProtocol() {
    let line = "yes, delete them"
    #expect(String(state: TextState(line.prefix(3))) == "yes")
  }
}
