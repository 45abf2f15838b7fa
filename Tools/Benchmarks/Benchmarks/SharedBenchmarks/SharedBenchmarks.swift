import Benchmark
import BenchmarkSupport
import Foundation
import Persistence
import Synchronization

/// An item of the cold-load file: about 70 bytes of JSON each.
struct Item: Codable, Sendable {
  var id: Int
  var title: String
  var isComplete: Bool
}

/// The floor for `withLock`: a mutex around an integer.
final class LockedCounter: Sendable {
  let mutex = Mutex(0)
}

let fileWrites = BenchmarkMetric.custom("file writes", polarity: .prefersSmaller, useScalingFactor: false)
/// The process's CPU time (every thread, the writer's included) in microseconds: the harness's
/// own CPU metric counts in 10 ms steps, too coarse for this figure.
let cpuMicroseconds = BenchmarkMetric.custom("cpu microseconds", polarity: .prefersSmaller, useScalingFactor: false)

/// The CPU time this process has used so far, in nanoseconds.
func processCPUTime() -> Int {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

let benchmarks: @Sendable () -> Void = {
  // MARK: In memory

  Benchmark("Mutex.withLock", configuration: .micro(.mega)) { benchmark in
    let counter = LockedCounter()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      counter.mutex.withLock { $0 &+= 1 }
    }
    benchmark.stopMeasurement()
    blackHole(counter.mutex.withLock { $0 })
  }

  Benchmark("Shared.withLock.InMemory", configuration: .micro(.mega)) { benchmark in
    let count = Shared(wrappedValue: 0, .inMemory("bench-count-\(UUID())"))
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      count.withLock { $0 &+= 1 }
    }
    benchmark.stopMeasurement()
    blackHole(count.wrappedValue)
  }

  Benchmark("Shared.withLock.Value", configuration: .micro(.mega)) { benchmark in
    let count = Shared(value: 0)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      count.withLock { $0 &+= 1 }
    }
    benchmark.stopMeasurement()
    blackHole(count.wrappedValue)
  }

  Benchmark("Shared.Read", configuration: .micro(.mega)) { benchmark in
    let count = Shared(wrappedValue: 42, .inMemory("bench-read-\(UUID())"))
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(count.wrappedValue)
    }
    benchmark.stopMeasurement()
  }

  // NB: A read-only reference handed over from a `Shared`, as a parent hands the counter its step.
  Benchmark("SharedReader.Read", configuration: .micro(.mega)) { benchmark in
    let count = SharedReader(Shared(wrappedValue: 42, .inMemory("bench-reader-\(UUID())")))
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(count.wrappedValue)
    }
    benchmark.stopMeasurement()
  }

  // MARK: On disk

  // NB: One iteration is 1,000 appends, then waiting until the file holds all of them: the
  // wall clock is the time until the last value is on disk, the CPU time includes the
  // writer's encoding and writing, and the file writes are counted by inotify.
  Benchmark(
    "Shared.FileAppend(1000)",
    configuration: .macro(maxDuration: .seconds(10), maxIterations: 5, extra: [fileWrites, cpuMicroseconds])
  ) { benchmark in
    let directory = makeScratchDirectory("append")
    defer { removeScratchDirectory(directory) }
    let url = directory.appendingPathComponent("lines.json")
    let events = FileEvents(directory: directory, name: "lines.json")
    let lines = Shared(wrappedValue: [String](), .fileStorage(url))
    benchmark.startMeasurement()
    let cpuStart = processCPUTime()
    for index in 0..<1_000 {
      lines.withLock { $0.append("line \(index)") }
    }
    var writes = 0
    while true {
      writes += events.wait(timeout: 5_000)
      if let data = try? Data(contentsOf: url),
        let stored = try? JSONDecoder().decode([String].self, from: data),
        stored.count == 1_000
      {
        break
      }
    }
    let cpu = processCPUTime() - cpuStart
    benchmark.stopMeasurement()
    // A write is a temporary file closed, then renamed into place: count the renames.
    benchmark.measurement(fileWrites, writes)
    benchmark.measurement(cpuMicroseconds, cpu / 1_000)
  }

  let items = (0..<10_000).map { Item(id: $0, title: "Item number \($0) of the cold-load benchmark", isComplete: $0 % 3 == 0) }
  let itemsData: Data = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try! encoder.encode(items)
  }()

  Benchmark("JSONDecoder.ColdLoad(10000)", configuration: .macro()) { benchmark in
    let decoder = JSONDecoder()
    benchmark.startMeasurement()
    let decoded = try! decoder.decode([Item].self, from: itemsData)
    benchmark.stopMeasurement()
    precondition(decoded.count == 10_000)
  }

  Benchmark("Shared.ColdLoad(10000)", configuration: .macro(maxIterations: 30)) { benchmark in
    // NB: A new file each time: references live as long as the process's registry.
    let directory = makeScratchDirectory("cold")
    defer { removeScratchDirectory(directory) }
    let url = directory.appendingPathComponent("items.json")
    try! itemsData.write(to: url)
    benchmark.startMeasurement()
    let loaded = Shared(wrappedValue: [Item](), .fileStorage(url))
    let count = loaded.wrappedValue.count
    benchmark.stopMeasurement()
    precondition(count == 10_000)
  }
}
