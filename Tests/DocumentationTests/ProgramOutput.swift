import Foundation

/// What a program the documentation tests run printed, and how it exited.
struct ProgramOutput {
  /// Its standard output, decoded as UTF-8; its standard error is dropped.
  let text: String
  /// Its exit status.
  let status: Int32

  /// Runs `executable` with `arguments` (in `directory`, if given) to its exit.
  ///
  /// ```swift
  /// let listing = try ProgramOutput(running: repository.appendingPathComponent("Tools/feature-loop"), ["--where"])
  /// #expect(listing.status == 0)
  /// ```
  init(running executable: URL, _ arguments: [String], in directory: URL? = nil) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // NB: Read to the end before waiting, so a program printing more than a pipe holds ends.
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    (text, status) = (String(decoding: data, as: UTF8.self), process.terminationStatus)
  }
}
