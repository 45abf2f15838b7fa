/// The commands every terminal program understands besides its view's, declared once.
public enum BuiltInCommand {
  /// `help [command]`: lists the commands, or explains one.
  public static let help = Command("help", aliases: ["?"], arguments: "[command]", summary: "List the commands, or explain one")
  /// `quit`: saves and leaves.
  public static let quit = Command("quit", aliases: ["exit"], summary: "Save and leave")

  /// `back`: pops the pushed screen; understood only while one is pushed
  /// (``TerminalScreen/backCommand``).
  public static let back = Command("back", summary: "Return to the previous screen")

  /// Help and quit, in the order help lists them.
  public static let all = [help, quit]
}
