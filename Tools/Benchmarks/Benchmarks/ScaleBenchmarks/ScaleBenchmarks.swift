import AppProcess
import Benchmark
import BenchmarkSupport
import Foundation
import Glibc

// NB: Each benchmark runs the release app as a person or a script would, over lists of each
//     size of the plan (`ScalePlan`), each run from a fresh copy of that size's `todos.sqlite`
//     (`TodoFixture`: made once, by the app's own import of a `todos.json`). The figures are
//     custom metrics; the report's "Scale" section reads their medians (and the typed run's p99
//     and maximum).
let benchmarks: @Sendable () -> Void = {
  let plan = ScalePlan.current

  // MARK: Per command: the slope between a short and a long script

  for size in plan.sizes {
    for command in ScaleCommand.allCases {
      let shortLines = plan.shortLines(size)
      let longLines = shortLines + plan.extraLines(command, size)
      // NB: An empty list has no todo 1 to edit, toggle, delete or move: both scripts start by
      //     adding the todos the long one needs, so the command's cost "at 0" is over a list
      //     that started empty. `done 950000` is not run over a shorter list.
      let toppedUp = max(0, command.todosNeeded(lines: longLines) - size)
      guard toppedUp == 0 || command.topsUpAShortList else { continue }
      Benchmark(
        "Scale.\(command.rawValue)(\(size))",
        configuration: .scale(
          [.nanosecondsPerCommand, .cpuNanosecondsPerCommand, .linesPerThousandCommands, .peakResidentBytes],
          iterations: plan.repetitions(size)
        )
      ) { benchmark in
        let slope = CommandSlope(command, size: size, shortLines: shortLines, longLines: longLines, toppedUp: toppedUp)
        benchmark.measurement(.nanosecondsPerCommand, slope.nanosecondsPerLine)
        benchmark.measurement(.cpuNanosecondsPerCommand, slope.cpuNanosecondsPerLine)
        benchmark.measurement(.linesPerThousandCommands, slope.printedLinesPerThousand)
        benchmark.measurement(.peakResidentBytes, slope.peakResidentBytes)
      }
    }
  }

  // MARK: Per command, the floor: the same SQL through GRDB in a plain loop (SQLFloor)

  for size in plan.sizes {
    for command in ScaleCommand.allCases where command.touchesOneTodo {
      Benchmark(
        "Scale.Floor.SQL.\(command.rawValue)(\(size))",
        configuration: .scale([.nanosecondsPerCommand], iterations: plan.repetitions(size))
      ) { benchmark in
        let floor = SQLFloor(command, size: size, lines: plan.extraLines(command, size))
        benchmark.measurement(.nanosecondsPerCommand, floor.nanosecondsPerCommand)
      }
    }
  }

  // MARK: The floor of a find: a LIKE scan over the same lists

  for size in plan.sizes {
    Benchmark(
      "Scale.FindLikeFloor(\(size))",
      configuration: .scale([.nanosecondsPerCommand], iterations: plan.repetitions(size))
    ) { benchmark in
      benchmark.measurement(.nanosecondsPerCommand, nanoseconds(FindLikeFloor(word: "todo", size: size).elapsed))
    }
  }

  // MARK: Start and memory

  // NB: Typed: spawn to the first prompt on a pseudo-terminal, then `quit`; the peak memory is
  //     the whole run's (load, first page, quit).
  for size in plan.sizes {
    Benchmark(
      "Scale.Start(\(size))",
      configuration: .scale([.nanosecondsToPrompt, .peakResidentBytes], iterations: 2 * plan.repetitions(size))
    ) { benchmark in
      let run = TypedRun(size: size)
      let exit = run.quit()
      require(exit.status == 0, "app exited \(exit.status) over \(size) todos")
      benchmark.measurement(.nanosecondsToPrompt, nanoseconds(run.startToPrompt))
      benchmark.measurement(.peakResidentBytes, exit.peakResidentBytes)
    }
  }

  // MARK: Cold import

  // NB: Typed, as the start: a data directory holding only a `todos.json` of the largest size,
  //     which the app imports into a new `todos.sqlite` before its first prompt.
  Benchmark(
    "Scale.Import(\(plan.importSize))",
    configuration: .scale([.nanosecondsToPrompt, .peakResidentBytes], iterations: plan.repetitions(plan.importSize))
  ) { benchmark in
    let size = plan.importSize
    let run = TypedRun(importing: size)
    let exit = run.quit()
    require(exit.status == 0, "app exited \(exit.status) importing \(size) todos")
    let imported = "Imported \(size) todo"
    require(run.firstDisplay.contains(imported), "no '\(imported)…' before the first prompt: \(run.firstDisplay.prefix(500))")
    benchmark.measurement(.nanosecondsToPrompt, nanoseconds(run.startToPrompt))
    benchmark.measurement(.peakResidentBytes, exit.peakResidentBytes)
  }

  // NB: Its floors, spawned the same way: the file decoded into an array of plain structs, then
  //     inserted in one transaction (`import-floor`), from spawn to exit; and the file decoded
  //     alone, whose peak memory is the decoded array's.
  for (name, insert) in [("Import", true), ("Decode", false)] {
    Benchmark(
      "Scale.Floor.\(name)(\(plan.importSize))",
      configuration: .scale([.nanosecondsToPrompt, .peakResidentBytes], iterations: plan.repetitions(plan.importSize))
    ) { benchmark in
      let size = plan.importSize
      let run = TodoFixture.freshImport(size: size)
      defer { removeScratchDirectory(run.scratch) }
      let json = run.data.appendingPathComponent(TodosJSON.fileName).path
      let database = run.data.appendingPathComponent(TodosDatabaseFile.fileName).path
      let output = run.scratch.appendingPathComponent("output.txt")
      let descriptor = open(output.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      let clock = ContinuousClock()
      let start = clock.now
      let exit = runAppPiped(
        insert ? [json, database] : [json], script: "", stdout: descriptor, stderr: descriptor,
        measuredAlone: true, program: importFloorPath
      )
      let elapsed = clock.now - start
      Glibc.close(descriptor)
      let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      require(exit.status == 0 && printed == "\(size)\n", "import-floor exited \(exit.status): \(printed.prefix(500))")
      benchmark.measurement(.nanosecondsToPrompt, nanoseconds(elapsed))
      benchmark.measurement(.peakResidentBytes, exit.peakResidentBytes)
    }
  }

  // MARK: Two apps at once

  // NB: Piped, from the empty list's database; the database must then hold every todo added.
  Benchmark(
    "Scale.TwoApps(\(plan.concurrentLines))",
    configuration: .scale([.nanosecondsUntilBothExit], iterations: plan.concurrentRepetitions)
  ) { benchmark in
    let run = TwoAppsAdding(lines: plan.concurrentLines)
    benchmark.measurement(.nanosecondsUntilBothExit, nanoseconds(run.elapsed))
  }

  // MARK: Two apps watching each other, under load

  // NB: Typed, in turns, while a third process keeps every core busy: per line, until the app
  //     it was typed into draws the todo, and until the other app does.
  Benchmark(
    "Scale.TwoAppsWatching(\(plan.watchedLines))",
    configuration: .scale([.nanosecondsToRedraw, .nanosecondsToSeenByTheOther], iterations: 1)
  ) { benchmark in
    let run = TwoAppsWatching(lines: plan.watchedLines)
    for latency in run.lineToRedraw { benchmark.measurement(.nanosecondsToRedraw, nanoseconds(latency)) }
    for latency in run.lineToSeen { benchmark.measurement(.nanosecondsToSeenByTheOther, nanoseconds(latency)) }
  }

  // MARK: Typed latency

  // NB: One line at a time, each typed once the previous one's redraw has finished; a line is
  //     answered when the list's header shows one todo more, and the prompt follows it.
  Benchmark(
    "Scale.Typed(\(plan.typedSize))",
    configuration: .scale([.nanosecondsToRedraw], iterations: 1)
  ) { benchmark in
    let size = plan.typedSize
    let run = TypedRun(size: size)
    for index in 1...plan.typedLines {
      let latency = run.type(ScaleCommand.add.line(index), answeredWith: " \(size + index) active")
      benchmark.measurement(.nanosecondsToRedraw, nanoseconds(latency))
    }
    let exit = run.quit()
    require(exit.status == 0, "app exited \(exit.status) over \(size) todos")
  }
}
