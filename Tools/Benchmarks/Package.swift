// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The benchmarks: their own package, so the app's build never pulls the benchmark harness.
// Run them all with `Tools/bench` (see RESULTS.md); one group with
// `swift package benchmark --target StoreBenchmarks`.
//
// NB: A package depended on by path is named after its folder, so the product references
// below use the name of the folder two levels up, whatever the checkout is called.
let project = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

/// One benchmark group: an executable under `Benchmarks/`, run by package-benchmark's plugin.
func group(_ name: String, uses modules: [String], extra: [Target.Dependency] = []) -> Target {
  .executableTarget(
    name: name,
    dependencies: ["BenchmarkSupport", .product(name: "Benchmark", package: "package-benchmark")]
      + modules.map { .product(name: $0, package: project) } + extra,
    path: "Benchmarks/\(name)",
    plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
  )
}

let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../.."),
    .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    // NB: The project's own dependency, named here so the scale group can read the databases it
    //     makes and checks (its fixtures, the two apps' list); the version is the project's.
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    group("StoreBenchmarks", uses: ["ComposableCore", "AppFeature", "Persistence"]),
    group("EffectsBenchmarks", uses: ["ComposableCore"]),
    group("SharedBenchmarks", uses: ["Persistence"]),
    group("HTTPBenchmarks", uses: ["AppDependencies", "AppDependenciesLive", "LoopbackHTTP"]),
    group("AppBenchmarks", uses: [], extra: ["AppProcess"]),
    group("ScaleBenchmarks", uses: ["TodosFeature"], extra: ["AppProcess", .product(name: "GRDB", package: "GRDB.swift")]),
    // Spawning the release app piped or on a pseudo-terminal, for the app and scale benchmarks.
    .target(name: "AppProcess", dependencies: ["BenchmarkSupport", "CBenchSystem"]),
    // Pseudo-terminals and pipes for the app benchmarks: calls Swift's Glibc module lacks.
    .target(name: "CBenchSystem"),
    // Starts the app as the child of a small process and reports its own peak memory: what the
    // scale group's memory figures read (see AppProcess's `Launcher`).
    .executableTarget(name: "bench-launch", path: "Sources/BenchLaunch"),
    // The floor of the app's piped `inc`: a program that reads the lines, keeps the count and
    // prints it, with no framework (`Floor.Piped(10000)` in the app group).
    .executableTarget(name: "piped-floor", path: "Sources/PipedFloor"),
    // The floor of the app's start to its first prompt: a program that links what the app links
    // and prints the prompt (`Floor.StartToPrompt` in the app group).
    .executableTarget(
      name: "start-floor",
      path: "Sources/StartFloor",
      linkerSettings: [.linkedLibrary("curl"), .linkedLibrary("sqlite3"), .linkedLibrary("edit")]
    ),
    // The floor of the cold import: decoding the file, then one transaction of inserts
    // (`Scale.Floor.Import` in the scale group).
    .executableTarget(
      name: "import-floor",
      dependencies: [.product(name: "TodosFeature", package: project), .product(name: "GRDB", package: "GRDB.swift")],
      path: "Sources/ImportFloor"
    ),
    // What the groups share: running a measurement on the main actor, scratch directories.
    .target(
      name: "BenchmarkSupport",
      dependencies: [.product(name: "Benchmark", package: "package-benchmark")]
    ),
  ]
)
