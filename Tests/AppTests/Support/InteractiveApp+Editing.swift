import TemporaryFiles

extension InteractiveApp {
  /// The app's arguments for data in `directory`, facts from an address nothing listens on.
  static func arguments(_ directory: TemporaryDirectory) -> [String] {
    ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"]
  }

  /// The app on a terminal that can edit (`TERM=xterm`), so it runs its line editor, with its
  /// data in `directory`.
  static func editing(_ directory: TemporaryDirectory) throws -> InteractiveApp {
    try InteractiveApp(arguments: arguments(directory), environment: ["TERM": "xterm"])
  }

  /// Presses `keys` and waits until the display shows `text` after them.
  func press(_ keys: String, thenSee text: String) async -> Bool {
    let offset = shownCount
    press(keys)
    return await waitFor(text, after: offset)
  }
}

extension InteractiveApp {
  /// Types `quit` and waits for the app to exit; returns its status.
  func quit() async -> Int32 {
    type("quit")
    return await waitForExit()
  }
}
