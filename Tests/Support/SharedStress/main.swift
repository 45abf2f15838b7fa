// A child process for the crash-safety tests: it appends items to a file-backed `@Shared`
// value as fast as it can, flushing now and then, until it is killed.
//
//   shared-stress <file> [seed]
//
// It prints `loaded <n>` once the value is loaded (or `load-error <message>`), then
// `flushed <n>` each time `FileStorage.flush()` returned with `n` items on disk. Items are
// numbered 1, 2, 3, …, so every value ever written is the prefix 1…n of one sequence.
import Foundation
import Persistence

#if canImport(Glibc)
  import Glibc
#endif

/// Writes one line to standard output at once (no buffering: the process may die any moment).
func report(_ line: String) {
  let bytes = Array((line + "\n").utf8)
  bytes.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
      if written <= 0 { exit(3) }
      offset += written
    }
  }
}

func run(file: URL, seed: UInt64) -> Never {
  @Shared(.fileStorage(file)) var items: [StressItem] = []
  if let error = $items.loadError {
    report("load-error \(error)")
    exit(2)
  }
  report("loaded \(items.count)")
  var random = SplitMix64(seed: seed)
  let storage = FileStorage.live
  while true {
    for _ in 0...random.next(below: 4) {
      $items.withLock { $0.append(StressItem(id: $0.count + 1)) }
    }
    storage.flush()
    if let error = $items.saveError {
      report("save-error \(error)")
      exit(2)
    }
    report("flushed \(items.count)")
  }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: shared-stress <file> [seed]\n".utf8))
  exit(64)
}
run(file: URL(fileURLWithPath: arguments[1]), seed: arguments.count > 2 ? UInt64(arguments[2]) ?? 1 : 1)
