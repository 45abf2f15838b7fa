import NavigationState

/// A question the terminal asks, answered by the next line, typed or piped: an alert or a
/// confirmation dialog held in a feature's state.
///
/// Two buttons of which one cancels read as a yes/no question, the cancel one the default:
///
/// ```
/// Delete 2 completed todos? [y/N]
/// ```
///
/// Otherwise each button is a choice named by the first letter of its label (or its number
/// when letters clash), the default — the cancel button, if any — in capitals:
///
/// ```
/// Could not load a number fact: Timed out after 5 seconds.
/// Try again? [r]etry, [C]ancel
/// ```
///
/// An alert without buttons has one, "OK", answered by an empty line.
public struct TerminalQuestion<Action> {
  /// One answer: the word that picks it, what it is called, and the action it sends.
  public struct Choice {
    /// What a person types for it: a letter, or a number.
    public var key: String
    /// The button's label.
    public var label: String
    /// Whether it cancels (an empty line picks it).
    public var isDefault: Bool
    /// The action it sends.
    public var action: Action

    /// A choice.
    public init(key: String, label: String, isDefault: Bool = false, action: Action) {
      self.key = key
      self.label = label
      self.isDefault = isDefault
      self.action = action
    }
  }

  /// The question.
  public var title: String {
    get { storage.title }
    set { uniqueStorage().title = newValue }
  }
  /// The text shown above the question, if any.
  public var message: String? {
    get { storage.message }
    set { uniqueStorage().message = newValue }
  }
  /// The answers, in the order of the buttons.
  public var choices: [Choice] {
    get { storage.choices }
    set { uniqueStorage().choices = newValue }
  }
  /// Whether the answers are yes and no.
  public var isYesNo: Bool {
    get { storage.isYesNo }
    set { uniqueStorage().isYesNo = newValue }
  }
  // NB: One reference, not its parts: a question, and a frame holding one, are then copied by
  //     code generic over the action (a program's, a composed view's) without looking up their
  //     type's metadata, which that code does for a value of more than a few references.
  private var storage: Storage

  /// What a question holds, shared by its copies until one of them changes.
  private final class Storage {
    var title: String
    var message: String?
    var choices: [Choice]
    var isYesNo: Bool

    init(title: String, message: String?, choices: [Choice], isYesNo: Bool) {
      self.title = title
      self.message = message
      self.choices = choices
      self.isYesNo = isYesNo
    }
  }

  /// A question of `choices`.
  public init(title: String, message: String? = nil, choices: [Choice], isYesNo: Bool = false) {
    storage = Storage(title: title, message: message, choices: choices, isYesNo: isYesNo)
  }

  /// The storage, copied first if another question shares it.
  private mutating func uniqueStorage() -> Storage {
    if !isKnownUniquelyReferenced(&storage) {
      storage = Storage(title: title, message: message, choices: choices, isYesNo: isYesNo)
    }
    return storage
  }

  /// The lines that ask the question: the message, then the title with the answers. Their text
  /// is shown with its control characters escaped (``TextStyle/literal(_:)``): a question often
  /// quotes what it is about (`Delete "Buy milk"?`), which another program may have written.
  public func lines(style: TextStyle) -> [String] {
    let answers: String
    if isYesNo {
      answers = choices.map { $0.isDefault ? $0.key.uppercased() : $0.key }.joined(separator: "/")
    } else if choices.count == 1, let only = choices.first {
      answers = only.label
    } else {
      answers = choices.map { choice in
        let key = choice.isDefault ? choice.key.uppercased() : choice.key
        if choice.key.count == 1, choice.label.lowercased().hasPrefix(choice.key) {
          return "[\(key)]\(choice.label.dropFirst())"
        }
        return "[\(key)] \(choice.label)"
      }
      .joined(separator: ", ")
    }
    let question = isYesNo || choices.count == 1 ? "\(title) [\(answers)]" : "\(title) \(answers)"
    return (message.map { [style.literal($0)] } ?? []) + [style.bold(style.literal(question))]
  }

  /// The action `line` picks, or `nil` when it names no choice. An empty line picks the
  /// default; a key, a label or (for a yes/no question) "yes" or "no" pick theirs, in any case.
  public func answer(_ line: String) -> Action? {
    let word = line.trimmingWhitespace().lowercased()
    if word.isEmpty {
      return choices.first(where: \.isDefault)?.action
    }
    for choice in choices {
      var names: Set = [choice.key.lowercased(), choice.label.lowercased()]
      if isYesNo { names.insert(choice.isDefault ? "no" : "yes") }
      if names.contains(word) { return choice.action }
    }
    return nil
  }

  /// What to type, for the message after an answer that names no choice: `type y or n`.
  public var hint: String {
    let keys = choices.map(\.key).filter { !$0.isEmpty }
    guard let last = keys.last else { return "press return" }
    if keys.count == 1 { return "type \(last), or press return" }
    return "type " + keys.dropLast().joined(separator: ", ") + " or " + last
  }

  /// The same question sending other actions, e.g. a child's question in its parent's domain.
  public func map<T>(_ transform: (Action) -> T) -> TerminalQuestion<T> {
    TerminalQuestion<T>(
      title: title,
      message: message,
      choices: choices.map {
        .init(key: $0.key, label: $0.label, isDefault: $0.isDefault, action: transform($0.action))
      },
      isYesNo: isYesNo
    )
  }
}

extension TerminalQuestion {
  /// The question `alert` asks; a button sends its action, or dismisses when it has none.
  public init<AlertAction>(
    alert: AlertState<AlertAction>,
    send: (AlertAction?) -> Action
  ) {
    self.init(title: alert.title, message: alert.message, buttons: alert.buttons, send: send)
  }

  /// The question `dialog` asks; its title is shown even when the dialog hides it, since at
  /// the terminal it is the question.
  public init<DialogAction>(
    dialog: ConfirmationDialogState<DialogAction>,
    send: (DialogAction?) -> Action
  ) {
    self.init(title: dialog.title, message: dialog.message, buttons: dialog.buttons, send: send)
  }

  private init<ButtonAction>(
    title: TextState,
    message: TextState?,
    buttons: [ButtonState<ButtonAction>],
    send: (ButtonAction?) -> Action
  ) {
    let labels = buttons.map { String(state: $0.label) }
    let cancel = buttons.firstIndex { $0.role == .cancel }
    let choices: [Choice]
    var isYesNo = false
    if buttons.isEmpty {
      choices = [Choice(key: "", label: "OK", isDefault: true, action: send(nil))]
    } else if buttons.count == 2, let cancel {
      isYesNo = true
      choices = buttons.indices.map { index in
        Choice(
          key: index == cancel ? "n" : "y", label: labels[index], isDefault: index == cancel,
          action: send(buttons[index].action.action)
        )
      }
    } else {
      let letters = labels.map { $0.first.map { String($0).lowercased() } ?? "" }
      let lettersAreUnique = Set(letters).count == letters.count && !letters.contains("")
      choices = buttons.indices.map { index in
        Choice(
          key: lettersAreUnique ? letters[index] : "\(index + 1)", label: labels[index],
          isDefault: index == cancel, action: send(buttons[index].action.action)
        )
      }
    }
    self.init(
      title: String(state: title), message: message.map { String(state: $0) }, choices: choices,
      isYesNo: isYesNo
    )
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> Substring {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return self[start..<end]
  }
}
