import Foundation
import Testing

/// Debian's Python, which runs `Tools/bench`'s report.
private let python = "/usr/bin/python3"

/// `Tools/Benchmarks/Report/report.py` reads package-benchmark's percentile exports as the
/// harness writes them: RESULTS.md's tables are its output.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: python)))
struct BenchmarkReportTests {
  /// The file appends' CPU row the report prints for an export whose first line names the metric
  /// as `header` and whose 50th percentile is `median`, its columns squeezed to one space each.
  func cpuRow(header: String, median: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("benchmark-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let rows = (0...100).map { "\($0)\t\(median)" }.joined(separator: "\n")
    try "Percentile\t\(header)\n\(rows)\n".write(
      to: directory.appendingPathComponent(
        "Current_run.SharedBenchmarks.Shared.FileAppend(1000).cpu_microseconds.histogram.percentiles.tsv"
      ),
      atomically: true, encoding: .utf8
    )
    let report = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Tools/Benchmarks/Report/report.py")
    let run = try ProgramOutput(running: URL(fileURLWithPath: python), [report.path, directory.path])
    try #require(run.status == 0, "report.py exited \(run.status)")
    let label = "1,000 file-backed appends: CPU"
    let line = try #require(run.text.split(separator: "\n").first { $0.hasPrefix(label) }, "no line \(label) in \(run.text)")
    return line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }

  /// A count is read in the units package-benchmark wrote it in: plain, or in thousands (11 for
  /// 11,000 microseconds of CPU), which the report used to show as 11 µs.
  @Test(arguments: [
    (header: "cpu microseconds *", median: "9940", shown: "9.94 ms"),
    (header: "cpu microseconds (K) *", median: "11", shown: "11 ms"),
  ])
  func aCountIsReadInItsUnits(header: String, median: String, shown: String) throws {
    let row = try cpuRow(header: header, median: median)
    #expect(row.hasPrefix("1,000 file-backed appends: CPU \(shown) "), "\(row)")
  }
}
