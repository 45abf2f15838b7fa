/// Who asks for each line: the line editor, which draws the prompt and the typed line itself;
/// or, for lines read as they come (piped, or typed at a terminal that cannot edit), the
/// program, writing its own prompt.
@MainActor
struct LineSource {
  /// The line editor, when a person types into one.
  let editor: LineEditor?

  /// Whether the source draws the prompt (the editor) rather than the program.
  var drawsPrompt: Bool { editor != nil }

  /// Shows the prompt for the next line: the editor's, or `prompt` written to `output`.
  func askForLine(prompt: String, output: TerminalOutput) {
    if let editor {
      editor.readLine()
    } else {
      output.write(prompt)
    }
  }

  /// Restores the terminal, once the text printed so far is shown.
  func stop() async {
    await editor?.stop()
  }
}
