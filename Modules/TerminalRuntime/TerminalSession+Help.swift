import ComposableCore
import TerminalUI

// MARK: - Help and unknown commands

extension TerminalSession {
  func unknownCommandMessage(_ word: String) -> String {
    Help.unknownCommandMessage(word, among: currentCommands() + Self.builtInCommands)
  }

  func showHelp(for word: String?) {
    let style = configuration.style(store.state)
    if let word {
      guard let command = (currentCommands() + Self.builtInCommands).first(where: { $0.matches(word) })
      else {
        output.error(unknownCommandMessage(word))
        return
      }
      output.print(Help.lines(for: [command], style: style))
      return
    }
    var lines: [String] = []
    if let screen = currentScreen() {
      lines.append(style.bold(screen.title))
      lines += Help.lines(for: currentCommands(), style: style)
    } else if let grouped = view as? any GroupedTerminalView {
      for group in grouped.commandGroups {
        lines.append(style.bold(group.title))
        lines += Help.lines(for: group.commands, style: style)
      }
    } else {
      lines += Help.lines(for: viewCommands, style: style)
    }
    lines.append(style.bold("General"))
    lines += Help.lines(for: Self.builtInCommands, style: style)
    output.print(lines)
  }

  /// The commands every session understands.
  public static var builtInCommands: [Command] { BuiltInCommand.all }
}
