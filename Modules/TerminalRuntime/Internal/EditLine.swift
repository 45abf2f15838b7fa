import CEditLine
import Foundation
import Locking
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libedit's editor on standard input and output, used from one thread only.
///
/// libedit reads characters through ``readCharacter()``, which waits on the terminal and on
/// the mailbox at once: text posted while a line is being typed is written above it (the
/// prompt's rows are cleared first) and libedit redraws the prompt and the typed line after
/// it, the cursor where it was.
final class EditLine {
  private let editor: OpaquePointer
  private let history: OpaquePointer
  private let mailbox: EditorMailbox
  private let terminal: UnsafeMutablePointer<FILE>
  private let prompt: UnsafeMutablePointer<CChar>
  private let promptWidth: Int
  private let complete: (String) -> CommandCompletion
  private var input = TerminalInputDecoder()
  private var backlog: [EditorMailbox.Message] = []
  private var isInterrupted = false
  /// Whether the mailbox asked the editor to stop.
  private(set) var isStopping = false

  /// An editor showing `prompt`, browsing `history`, completing with `complete`; `nil` when
  /// libedit cannot be set up on the terminal.
  init?(prompt: String, history lines: [String], mailbox: EditorMailbox, complete: @escaping (String) -> CommandCompletion) {
    guard let input = fdopen(STDIN_FILENO, "r"), let output = fdopen(STDOUT_FILENO, "w"),
      let errors = fdopen(STDERR_FILENO, "w")
    else { return nil }
    // NB: Unbuffered, so libedit's drawing and the text written directly stay in order.
    setvbuf(output, nil, _IONBF, 0)
    guard let editor = el_init("app", input, output, errors) else { return nil }
    guard let history = history_init() else {
      el_end(editor)
      return nil
    }
    (self.editor, self.history, self.mailbox, self.terminal) = (editor, history, mailbox, output)
    self.prompt = strdup(prompt)
    self.promptWidth = prompt.count
    self.complete = complete
    ceditline_history_set_size(history, 1000)
    ceditline_history_set_unique(history)
    for line in lines { ceditline_history_enter(history, line) }
    configure()
  }

  deinit {
    el_end(editor)
    history_end(history)
    free(prompt)
  }

  /// Shows the prompt and reads a line: ``TerminalEvent/line(_:)``, ``TerminalEvent/end`` on
  /// Ctrl-D at an empty line or the end of input, ``TerminalEvent/interruptedLine(_:)`` on
  /// Ctrl-C; `nil` when the mailbox asked the editor to stop.
  func readLine() -> TerminalEvent? {
    isInterrupted = false
    var count: Int32 = 0
    let text = el_gets(editor, &count)
    if isStopping { return nil }
    guard let text, count > 0 else {
      writeAll("\n", to: STDOUT_FILENO)
      return .end
    }
    var line = String(cString: text)
    if line.hasSuffix("\n") { line.removeLast() }
    if isInterrupted { return .interruptedLine(line) }
    return .line(line)
  }

  /// Makes `line` the newest history entry.
  func remember(_ line: String) {
    ceditline_history_enter(history, line)
  }

  /// The next message for the thread outside a line being read.
  func nextMessage() -> EditorMailbox.Message {
    if backlog.isEmpty { backlog = mailbox.wait() }
    return backlog.removeFirst()
  }

  // MARK: - Reading characters

  /// The next character typed, for libedit: 1 and the character, or 0 at the end of input.
  private func readCharacter() -> (status: Int32, character: wchar_t) {
    var needsRefresh = false
    defer { if needsRefresh { ceditline_refresh(editor) } }
    while true {
      if let scalar = input.next() {
        if scalar.value == 3 { return interrupt(refreshingFirst: &needsRefresh) }
        return (1, wchar_t(scalar.value))
      }
      if backlog.isEmpty { backlog = mailbox.take() }
      if !backlog.isEmpty {
        switch backlog.removeFirst() {
        case .write(let text, let descriptor):
          if !needsRefresh { clearPromptRows() }
          needsRefresh = true
          writeAll(text.replacingOccurrences(of: "\n", with: "\r\n"), to: descriptor)
        case .interrupt:
          return interrupt(refreshingFirst: &needsRefresh)
        case .resize:
          // NB: Terminals that reflow their rows to the new width join the rows of a long line
          //     or split it further; the prompt's rows are counted at both widths, the larger.
          let oldColumns = ceditline_columns(editor)
          el_resize(editor)
          if !needsRefresh { clearPromptRows(alsoAt: oldColumns) }
          needsRefresh = true
        case .stop:
          // NB: The prompt drawn for a next line that will not come is taken off the display.
          if !needsRefresh { clearPromptRows() }
          needsRefresh = false
          isStopping = true
          return (0, 0)
        case .readLine:
          break
        }
        continue
      }
      if needsRefresh {
        ceditline_refresh(editor)
        needsRefresh = false
      }
      var descriptors = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: mailbox.wakeDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&descriptors, 2, -1) >= 0 || errno == EINTR else { return (0, 0) }
      if descriptors[0].revents != 0 {
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { return (0, 0) }
        if count > 0 { input.append(bytes[0..<count]) }
      }
    }
  }

  /// Ctrl-C while typing: shows `^C` after the whole line and ends it; ``readLine()`` reports
  /// it.
  private func interrupt(refreshingFirst needsRefresh: inout Bool) -> (status: Int32, character: wchar_t) {
    if !needsRefresh { clearPromptRows() }
    if let line = el_line(editor)?.pointee, let cursor = line.cursor, let end = line.lastchar {
      let after = String(decoding: UnsafeRawBufferPointer(start: cursor, count: end - cursor), as: UTF8.self)
      el_cursor(editor, Int32(after.unicodeScalars.count))
    }
    ceditline_refresh(editor)
    needsRefresh = false
    isInterrupted = true
    writeAll("^C", to: STDOUT_FILENO)
    return (1, wchar_t(UInt8(ascii: "\n")))
  }

  /// Erases the prompt and the typed line, from the first of their rows down, leaving the
  /// cursor at the start of the first; `alsoAt` is another width the rows may have been drawn at.
  private func clearPromptRows(alsoAt otherColumns: Int32? = nil) {
    var rowsAbove = 0
    if let line = el_line(editor)?.pointee, let buffer = line.buffer, let cursor = line.cursor {
      let typed = String(decoding: UnsafeRawBufferPointer(start: buffer, count: cursor - buffer), as: UTF8.self)
      for columns in [ceditline_columns(editor), otherColumns ?? 0] where columns > 0 {
        rowsAbove = max(rowsAbove, (promptWidth + typed.count) / Int(columns))
      }
    }
    writeAll("\r" + (rowsAbove > 0 ? "\u{1B}[\(rowsAbove)A" : "") + "\u{1B}[J", to: STDOUT_FILENO)
  }

  // MARK: - Completion

  /// Tab: completes the word before the cursor, or lists the choices under the line.
  private func completeWord() -> UInt8 {
    guard let line = el_line(editor)?.pointee, let buffer = line.buffer, let cursor = line.cursor else {
      return UInt8(CC_ERROR)
    }
    let typed = String(decoding: UnsafeRawBufferPointer(start: buffer, count: cursor - buffer), as: UTF8.self)
    let completion = complete(typed)
    if !completion.insertion.isEmpty {
      el_insertstr(editor, completion.insertion)
      return UInt8(CC_REFRESH)
    }
    guard !completion.choicesToList.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
    writeAll("\r\n" + completion.choicesToList.joined(separator: "  ") + "\r\n", to: STDOUT_FILENO)
    return UInt8(CC_REDISPLAY)
  }

  // MARK: - Set-up

  private func configure() {
    ceditline_use_emacs(editor)
    // NB: Ctrl-C reaches the editor as a character while a line is typed, so it clears the line
    //     (SIGINT still arrives between lines, and from `kill`).
    ceditline_set_editing_tty_flag(editor, "-isig")
    ceditline_set_client_data(editor, Unmanaged.passUnretained(self).toOpaque())
    ceditline_set_prompt(editor) { editor in
      EditLine.owner(of: editor)?.prompt
    }
    ceditline_set_read_function(editor) { editor, character in
      guard let owner = EditLine.owner(of: editor) else { return -1 }
      let (status, read) = owner.readCharacter()
      character?.pointee = read
      return status
    }
    ceditline_set_history(editor, history)
    ceditline_add_function(editor, "app-complete", "Complete a command or an argument") { editor, _ in
      EditLine.owner(of: editor)?.completeWord() ?? UInt8(CC_ERROR)
    }
    for (keys, command) in Self.bindings {
      ceditline_bind(editor, keys, command)
    }
  }

  private static func owner(of editor: OpaquePointer?) -> EditLine? {
    guard let editor, let data = ceditline_client_data(editor) else { return nil }
    return Unmanaged<EditLine>.fromOpaque(data).takeUnretainedValue()
  }

  /// Keys bound beyond libedit's emacs defaults, as bash and readline bind them.
  private static let bindings: [(String, String)] = [
    ("^I", "app-complete"),
    ("^R", "em-inc-search-prev"),
    ("^W", "ed-delete-prev-word"),
    ("^U", "vi-kill-line-prev"),
    ("\\e[H", "ed-move-to-beg"), ("\\eOH", "ed-move-to-beg"), ("\\e[1~", "ed-move-to-beg"),
    ("\\e[F", "ed-move-to-end"), ("\\eOF", "ed-move-to-end"), ("\\e[4~", "ed-move-to-end"),
    ("\\e[3~", "ed-delete-next-char"),
    ("\\e[1;5D", "ed-prev-word"), ("\\e[1;5C", "em-next-word"),
  ]
}
