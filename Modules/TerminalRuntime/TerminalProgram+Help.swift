import ComposableCore
import TerminalUI

// MARK: - Help and unknown commands

extension TerminalProgram {
  func unknownCommandMessage(_ word: String) -> String {
    Help.unknownCommandMessage(word, among: currentActive().commands + Self.builtInCommands)
  }

  func showHelp(for word: String?) {
    let style = configuration.style(store.state)
    let active = currentActive()
    if let word {
      guard let command = (active.commands + Self.builtInCommands).first(where: { $0.matches(word) })
      else {
        output.error(unknownCommandMessage(word))
        return
      }
      output.print(Help.lines(for: [command], style: style))
      return
    }
    var lines: [String] = []
    if let title = active.title {
      lines.append(style.bold(title))
      lines += Help.lines(for: active.commands, style: style)
    } else {
      for group in view.commandGroups {
        if !group.title.isEmpty { lines.append(style.bold(group.title)) }
        lines += Help.lines(for: group.commands, style: style)
      }
    }
    lines.append(style.bold("General"))
    lines += Help.lines(for: Self.builtInCommands, style: style)
    output.print(lines)
  }

  /// The commands every program understands.
  public static var builtInCommands: [Command] { BuiltInCommand.all }
}
