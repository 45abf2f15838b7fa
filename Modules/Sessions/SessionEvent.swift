import Foundation

/// One thing that happened in a recorded run, in the order it happened: one line of a session
/// file.
///
/// A session file is JSON Lines: a ``SessionHeader`` on the first line, then one event per line,
/// each a JSON object whose first key names its kind:
///
/// ```
/// {"session":1,"feature":"app","interactive":false}
/// {"file":"app-storage.json","text":"{\"count\":41}"}
/// {"line":"inc"}
/// {"action":"AppFeature.Action.counter(.incrementButtonTapped)","from":"line"}
/// {"output":"count: 42\n"}
/// {"exit":0}
/// ```
///
/// JSON Lines because a run is written as it happens and may be cut short at any point: every
/// complete line is an event on its own, a torn last line is easy to tell, and each event can be
/// read, searched and diffed with the tools a developer already has.
public enum SessionEvent: Equatable, Sendable {
  /// A file the run read when it started (or first needed it), as it was then; `nil` contents
  /// when there was no file. The path is relative to the data directory when inside it.
  case file(path: String, contents: Data?)
  /// A line typed or piped in.
  case line(String)
  /// A line that could not be read, with the reason the program gave.
  case unreadable(String)
  /// Ctrl-C: as a signal (`typed` is `nil`) or at the editor's prompt, with what was typed.
  case interrupt(typed: String?)
  /// The end of input.
  case endOfInput
  /// The display had room for this many rows of a list: at the start of a typed run and after
  /// each resize.
  case resize(rows: Int)
  /// An action the store processed: its custom dump, and where it came from.
  case action(String, from: ActionOrigin)
  /// A dependency's answer to the `call`-th call made of it: a value, written as text.
  case answer(dependency: String, call: Int, value: String)
  /// A dependency's failure on the `call`-th call made of it, with the message it gave.
  case failure(dependency: String, call: Int, message: String)
  /// A change another process made to a file, as the run read it; `nil` when it removed it.
  case externalChange(path: String, contents: Data?)
  /// Text written: to standard output, standard error, or by the launcher (not compared).
  case output(String, stream: OutputStream)
  /// The run ended, with this exit status.
  case exit(status: Int32)

  /// Where an action came from.
  public enum ActionOrigin: String, Equatable, Sendable {
    /// The line being handled asked for it.
    case line
    /// An effect sent it, or the store's own work after another action.
    case effect
  }

  /// Where written text went.
  public enum OutputStream: String, Equatable, Sendable {
    /// Standard output: the display.
    case output
    /// Standard error, from the program: a line it could not take.
    case error
    /// Standard error, from the launcher: a file kept aside, a value not saved.
    case notice
  }

  /// The event as one line of JSON, without the line break.
  public var jsonLine: String {
    var json = JSONLineWriter()
    switch self {
    case .file(let path, let contents):
      json.string("file", path)
      json.contents(contents)
    case .line(let line):
      json.string("line", line)
    case .unreadable(let reason):
      json.string("unreadable", reason)
    case .interrupt(let typed):
      json.optionalString("interrupt", typed)
    case .endOfInput:
      json.string("input", "end")
    case .resize(let rows):
      json.integer("resize", rows)
    case .action(let dump, let origin):
      json.string("action", dump)
      json.string("from", origin.rawValue)
    case .answer(let dependency, let call, let value):
      json.string("answer", dependency)
      json.integer("call", call)
      json.string("value", value)
    case .failure(let dependency, let call, let message):
      json.string("answer", dependency)
      json.integer("call", call)
      json.string("error", message)
    case .externalChange(let path, let contents):
      json.string("external", path)
      json.contents(contents)
    case .output(let text, let stream):
      json.string(stream.rawValue, text)
    case .exit(let status):
      json.integer("exit", Int(status))
    }
    return json.finished
  }

  /// Reads the event a session file's line holds; `nil` for an object that is no event.
  init?(json object: [String: Any]) {
    func string(_ key: String) -> String? { object[key] as? String }
    func integer(_ key: String) -> Int? { (object[key] as? NSNumber).flatMap { Int(exactly: $0.doubleValue) } }
    func contents() -> Data?? {
      if let text = string("text") { return .some(Data(text.utf8)) }
      if let base64 = string("base64") { return Data(base64Encoded: base64).map { .some($0) } }
      return object.keys.contains("missing") ? .some(nil) : nil
    }
    if let line = string("line") {
      self = .line(line)
    } else if let dump = string("action"), let origin = string("from").flatMap(ActionOrigin.init(rawValue:)) {
      self = .action(dump, from: origin)
    } else if let text = string("output") {
      self = .output(text, stream: .output)
    } else if let text = string("error"), string("answer") == nil {
      self = .output(text, stream: .error)
    } else if let text = string("notice") {
      self = .output(text, stream: .notice)
    } else if let dependency = string("answer"), let call = integer("call") {
      if let value = string("value") {
        self = .answer(dependency: dependency, call: call, value: value)
      } else if let message = string("error") {
        self = .failure(dependency: dependency, call: call, message: message)
      } else {
        return nil
      }
    } else if let path = string("file"), let contents = contents() {
      self = .file(path: path, contents: contents)
    } else if let path = string("external"), let contents = contents() {
      self = .externalChange(path: path, contents: contents)
    } else if let reason = string("unreadable") {
      self = .unreadable(reason)
    } else if object.keys.contains("interrupt") {
      self = .interrupt(typed: string("interrupt"))
    } else if string("input") == "end" {
      self = .endOfInput
    } else if let rows = integer("resize") {
      self = .resize(rows: rows)
    } else if let status = integer("exit"), let status = Int32(exactly: status) {
      self = .exit(status: status)
    } else {
      return nil
    }
  }
}

/// Writes one JSON object, key by key, as fast as a run's events come: no `Encodable`
/// machinery, and only the characters JSON requires are escaped.
struct JSONLineWriter {
  private(set) var text = "{"
  private var isFirst = true

  var finished: String { text + "}" }

  mutating func string(_ key: String, _ value: String) {
    self.key(key)
    Self.append(quoted: value, to: &text)
  }

  mutating func optionalString(_ key: String, _ value: String?) {
    guard let value else {
      self.key(key)
      text += "null"
      return
    }
    string(key, value)
  }

  mutating func integer(_ key: String, _ value: Int) {
    self.key(key)
    text += String(value)
  }

  mutating func strings(_ key: String, _ values: [String]) {
    self.key(key)
    text += "["
    for (offset, value) in values.enumerated() {
      if offset > 0 { text += "," }
      Self.append(quoted: value, to: &text)
    }
    text += "]"
  }

  mutating func bool(_ key: String, _ value: Bool) {
    self.key(key)
    text += value ? "true" : "false"
  }

  /// A file's contents: `"text"` when UTF-8, `"base64"` otherwise, `"missing": true` for none.
  mutating func contents(_ data: Data?) {
    guard let data else {
      self.key("missing")
      text += "true"
      return
    }
    if let text = String(data: data, encoding: .utf8) {
      string("text", text)
    } else {
      string("base64", data.base64EncodedString())
    }
  }

  private mutating func key(_ key: String) {
    if isFirst { isFirst = false } else { text += "," }
    Self.append(quoted: key, to: &text)
    text += ":"
  }

  /// Appends `value` as a JSON string.
  static func append(quoted value: String, to text: inout String) {
    text += "\""
    var needsEscaping = false
    for byte in value.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
      needsEscaping = true
      break
    }
    guard needsEscaping else {
      text += value
      text += "\""
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}
