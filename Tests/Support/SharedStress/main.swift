// A child process for the crash-safety tests: it appends items to a file-backed `@Shared`
// value as fast as it can, flushing now and then, until it is killed.
//
//   shared-stress <file> [seed] [--paced]
//
// It prints `loaded <n>` once the value is loaded (or `load-error <message>`), then
// `flushed <n>` each time `FileStorage.flush()` returned with `n` items on disk. Items are
// numbered 1, 2, 3, …, so every value ever written is the prefix 1…n of one sequence.
//
// `--paced` appends as a person would change the app, one item every 1 to 5 ms, and never
// flushes: the writes are the ones the storage makes on its own, throttled. After each append
// it prints `appended <n> <µs>`, the time on the monotonic clock.
import Foundation
import Locking
import Persistence

#if canImport(Glibc)
  import Glibc
#endif

/// Writes one line to standard output at once (no buffering: the process may die any moment).
func report(_ line: String) {
  if writeAll(line + "\n", to: STDOUT_FILENO) != nil { exit(3) }
}

/// The items in `file`, loaded; exits 2 after `load-error <message>` when they cannot be.
func loadItems(from file: URL) -> Shared<[StressItem]> {
  @Shared(.fileStorage(file)) var items: [StressItem] = []
  if let error = $items.loadError {
    report("load-error \(error)")
    exit(2)
  }
  report("loaded \(items.count)")
  return $items
}

func run(file: URL, seed: UInt64) -> Never {
  let items = loadItems(from: file)
  var random = SplitMix64(seed: seed)
  let storage = FileStorage.live
  while true {
    for _ in 0...random.next(below: 4) {
      items.withLock { $0.append(StressItem(id: $0.count + 1)) }
    }
    storage.flush()
    if let error = items.saveError {
      report("save-error \(error)")
      exit(2)
    }
    report("flushed \(items.wrappedValue.count)")
  }
}

/// Appends one item every 1 to 5 ms, never flushing, reporting each append and its time.
func runPaced(file: URL, seed: UInt64) -> Never {
  let items = loadItems(from: file)
  var random = SplitMix64(seed: seed)
  while true {
    let count = items.withLock { items in
      items.append(StressItem(id: items.count + 1))
      return items.count
    }
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    report("appended \(count) \(Int(now.tv_sec) * 1_000_000 + Int(now.tv_nsec) / 1_000)")
    usleep(useconds_t(1_000 + random.next(below: 4_000)))
  }
}

var arguments = CommandLine.arguments
let isPaced = arguments.contains("--paced")
arguments.removeAll { $0 == "--paced" }
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: shared-stress <file> [seed] [--paced]\n".utf8))
  exit(64)
}
let seed = arguments.count > 2 ? UInt64(arguments[2]) ?? 1 : 1
if isPaced {
  runPaced(file: URL(fileURLWithPath: arguments[1]), seed: seed)
}
run(file: URL(fileURLWithPath: arguments[1]), seed: seed)
