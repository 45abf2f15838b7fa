// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

// The module map. One row per module: its name, its folder, what it imports. A row with
// `tests:` also declares `Tests/<Name>Tests`, importing the module and what `tests:` lists.
// Features import the core, Persistence, AppDependencies and TerminalUI — never each other,
// never a `…Live` module or CCurl. Only the `app` executable links the live clients.
let modules: [Module] = [
  // Internals every concurrent module shares: a lock ThreadSanitizer understands, and the loop
  // that writes every byte of a buffer to a file descriptor
  .init("Locking", uses: [], tests: []),

  // What has changed and when to draw again: the announcer every observable state, store root
  // and shared value tells its changes to once, the reads a frame made, the send a thread is
  // processing, and the redraw schedule a typed program keeps
  .init("ChangeTracking", uses: ["Locking"], tests: []),

  // SwiftUI's `Animation` and `Transaction`, inert: what a TCA feature sends actions with
  // (`send(.tick, animation: .default)`) compiles, and the action is sent as without one
  .init("Animations", uses: [], tests: []),

  // Alerts, dialogs, buttons and text held in state: swift-navigation's types, which do not
  // build on Linux, written here under their names
  .init("NavigationState", uses: ["Animations", .customDump, .issueReporting], tests: [.customDump, .issueReportingTestSupport]),

  // Architecture
  .init("ComposableCore", uses: ["Animations", "ChangeTracking", "ComposableMacros", "Locking", "NavigationState", "Persistence", .casePaths, .clocks, .concurrencyExtras, .customDump, .dependencies, .dependenciesMacros, .identifiedCollections, .issueReporting, .orderedCollections], tests: [.issueReportingTestSupport, "Persistence", "TestClocks"]),
  .init("ComposableTestSupport", uses: ["ComposableCore", "Locking", "Persistence", .issueReportingTestSupport], tests: ["Persistence", "TestClocks"]),
  .init("Persistence", uses: ["ChangeTracking", "Locking", .customDump, .dependencies, .identifiedCollections, .issueReporting], tests: ["AsyncWaiting", .clocks, .customDump, .dependencies, .identifiedCollections, .issueReportingTestSupport]),

  // The import lines of TCA and swift-sharing, unchanged: `ComposableArchitecture` re-exports
  // the core, `TestStore` and Persistence; `Sharing` re-exports Persistence. The app's own
  // modules import the parts instead, so the app links no test code.
  .init("ComposableArchitecture", uses: ["Animations", "ComposableCore", "ComposableTestSupport", "Persistence"], tests: []),
  .init("Sharing", uses: ["Persistence", .dependencies], tests: [.identifiedCollections]),
  // sharing-grdb's import line and keys on GRDB: `@SharedReader(.fetchAll(sql: …))` reads a SQLite
  // query and follows the commits that change it, made in this process or another
  .init("SharingGRDB", uses: ["Locking", "Persistence", "Sharing", .concurrencyExtras, .dependencies, .grdb, .issueReporting], tests: ["AsyncWaiting", "Persistence", "TemporaryFiles", .concurrencyExtras, .issueReportingTestSupport]),

  // The terminal: views (commands in, lines of text out) and the program that drives a store,
  // with a line editor on libedit (CEditLine) when a person types
  .init("TerminalUI", uses: ["ChangeTracking", "ComposableCore", "NavigationState"], tests: ["ComposableCore", "NavigationState", "Persistence"]),
  .init("TerminalRuntime", uses: ["CEditLine", "ChangeTracking", "ComposableCore", "Locking", "TerminalUI"], tests: ["ComposableTestSupport", "Persistence", "TestClocks"]),

  // Sessions: a run recorded as it happens, replayed exactly against its recording, stepped
  // through; the app and its previews record and replay through it
  .init("Sessions", uses: ["ComposableCore", "Locking", "Persistence", "TerminalRuntime", "TerminalUI", .clocks, .concurrencyExtras, .customDump, .dependencies], tests: ["ComposableTestSupport", "TemporaryFiles", "TestClocks"]),

  // Features: each imports the core, Persistence, AppDependencies and TerminalUI only; the todos
  // also SharingGRDB and CSQLite, their list being a SQLite database
  .init("CounterFeature", uses: .feature, tests: .featureTests),
  .init("NumberFactFeature", uses: .feature, tests: .featureTests),
  .init("SettingsFeature", uses: .feature, tests: .featureTests),
  .init("TodosFeature", uses: .feature + ["CSQLite", "SharingGRDB"], tests: .featureTests + ["AsyncWaiting", "SharingGRDB", "TemporaryFiles", "TodosTesting"], scaleTests: ["AsyncWaiting", "CSQLite", "Locking", "SharingGRDB", "TemporaryFiles", "TerminalUI", "TodosTesting"]),

  // The app: the root reducer and its view
  .init("AppFeature", in: "App", uses: .feature + ["CounterFeature", "NumberFactFeature", "SettingsFeature", "TodosFeature"], tests: .featureTests + ["AppLaunch", "Sessions", "TerminalRuntime"], testFiles: ["Sessions"], scaleTests: .featureTests + ["TerminalRuntime"]),

  // Launching: the one way the app, a feature alone (`app preview`), a recorded run and a
  // replay open a feature; the executable's commands call it
  .init("AppLaunch", in: "App", uses: ["AppDependencies", "AppFeature", "CounterFeature", "NumberFactFeature", "SettingsFeature", "TodosFeature", "ComposableCore", "Persistence", "Sessions", "SharingGRDB", "TerminalRuntime", "TerminalUI"], tests: ["AppDependencies", "AppFeature", "Sessions", "TemporaryFiles", .dependencies]),

  // Dependencies: interfaces, and the live implementations only the executable links
  .init("AppDependencies", uses: [.dependencies, .dependenciesMacros], tests: [.dependencies, .issueReportingTestSupport]),
  .init("AppDependenciesLive", uses: ["AppDependencies", "CCurl", "Locking", .dependencies], tests: ["AppDependencies", "CCurl", "LoopbackHTTP"]),
]

// `@Reducer`, `@ObservableState`, `@Presents` and their helpers: the expansions, on the
// swift-syntax swift-dependencies' macros already build; the compiler plugin ComposableCore
// declares its macros with, which compiles the same sources through its `Expansions` link (the
// compiler finds each macro's type by the plugin's module name); and the expansions' tests.
//
// NB: The tests import the expansions as a library, not the plugin. A test target that depends
//     on a macro target makes SwiftPM build every test target, and every module they import, a
//     second time for the host (`-tool`), beside the app's own build: a change to a feature was
//     compiled twice by `swift test` (CONTRIBUTING, "Working on one feature").
// The swift-syntax products the expansions import; the plugin adds `SwiftCompilerPlugin`.
let expansionProducts: [Target.Dependency] = ["SwiftDiagnostics", "SwiftSyntax", "SwiftSyntaxBuilder", "SwiftSyntaxMacros"]
  .map { .product(name: $0, package: "swift-syntax") }
let macroTargets: [Target] = [
  .target(name: "ComposableMacroExpansions", dependencies: expansionProducts, path: "Modules/ComposableMacroExpansions"),
  .macro(
    name: "ComposableMacros",
    dependencies: expansionProducts + [.product(name: "SwiftCompilerPlugin", package: "swift-syntax")],
    path: "Modules/ComposableMacros"
  ),
  .testTarget(
    name: "ComposableMacrosTests",
    dependencies: ["ComposableMacroExpansions", .product(name: "MacroTesting", package: "swift-macro-testing")],
    path: "Tests/ComposableMacrosTests"
  ),
]

let package = Package(
  name: "ComposableApp",
  // NB: the least macOS the code's APIs (Observation, Synchronization) need there. Only Linux is
  //     built and tested (README, "What you need"): on macOS the package is not tested.
  platforms: [.macOS(.v15)],
  // Every module is a library product, so the packages under `Tools/` (benchmarks, fuzzing)
  // can depend on this one by path. `LoopbackHTTP` is the tests' local HTTP server.
  products: modules.map { .library(name: $0.name, targets: [$0.name]) } + [
    .executable(name: "app", targets: ["app"]),
    .library(name: "LoopbackHTTP", targets: ["LoopbackHTTP"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: modules.flatMap(\.targets) + macroTargets + [
    .executableTarget(
      name: "app",
      dependencies: ["AppLaunch", "AppDependencies", "AppDependenciesLive", .product(name: "ArgumentParser", package: "swift-argument-parser")],
      path: "App/app"
    ),
    // NB: The tests that run the built `app` (and `shared-stress`) do not depend on it: `swift test`
    //     builds every product first, and a dependency on an executable makes the test bundle's
    //     link wait for the app's, one after the other, in every loop.
    .testTarget(name: "AppTests", dependencies: ["LoopbackHTTP", "TemporaryFiles"], path: "Tests/AppTests"),
    // The documentation's Swift code blocks, checked against the files they are taken from
    .testTarget(name: "DocumentationTests", path: "Tests/DocumentationTests"),
    // Waiting for a value a stream or a condition brings, bounded only against a hang
    .target(name: "AsyncWaiting", path: "Tests/Support/AsyncWaiting"),
    // A test clock that tells when effects are asleep, shared by the tests that need one
    .target(name: "TestClocks", dependencies: [.clocks, .concurrencyExtras], path: "Tests/Support/TestClocks"),
    // A scriptable HTTP server on 127.0.0.1, shared by the tests that need one
    .target(name: "LoopbackHTTP", dependencies: ["Locking"], path: "Tests/Support/LoopbackHTTP"),
    // `.terminal`, the inline-snapshot strategy for a terminal view in a state
    .target(name: "TerminalSnapshots", dependencies: ["TerminalUI", .inlineSnapshotTesting], path: "Tests/Support/TerminalSnapshots"),
    // A temporary directory of real files, for the tests that run the app or a child process
    .target(name: "TemporaryFiles", path: "Tests/Support/TemporaryFiles"),
    // Todos databases of a given list, for the todos' tests and their scale tier
    .target(name: "TodosTesting", dependencies: ["Locking", "SharingGRDB", "TodosFeature"], path: "Tests/Support/TodosTesting"),
    // The reliability suite: crashes, corrupt files, two processes sharing a data directory.
    // `shared-stress` is the child it kills: it appends to a file-backed value until killed.
    .executableTarget(name: "shared-stress", dependencies: ["Locking", "Persistence"], path: "Tests/Support/SharedStress"),
    .testTarget(name: "ReliabilityTests", dependencies: ["Locking", "TemporaryFiles"], path: "Tests/ReliabilityTests"),
    .systemLibrary(
      name: "CCurl",
      path: "Modules/CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    // SQLite's options that Swift cannot set itself (variadic `sqlite3_db_config`): the todos'
    // import turns its connection's triggers off
    .systemLibrary(
      name: "CSQLite",
      path: "Modules/CSQLite",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // libedit, the line editor behind many system REPLs: the interactive terminal's editing,
    // history and completion
    .systemLibrary(
      name: "CEditLine",
      path: "Modules/CEditLine",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
  ]
)

// The test bundle links every module, its tests and their packages into one 200 MB file, and a
// feature's loop (`swift test --filter <Name>Tests`) relinks it after every change, and the app
// beside it (`swift test` builds every product): LLVM's lld, which ships with the Swift toolchain
// on Linux, does each in half the time of the system's default (gold).
for target in package.targets where target.type == .test || target.name == "app" {
  target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux]))]
}

// MARK: - Table plumbing

struct Module {
  let name: String
  let folder: String
  let uses: [Target.Dependency]
  let tests: [Target.Dependency]?
  /// Folders of the test target that hold files its tests read, not sources (recorded sessions).
  let testFiles: [String]
  /// What `Tests/<Name>ScaleTests` imports, if the module has tests that need a large list or
  /// many tries to mean anything: `swift test` runs them, `swift test --filter <Name>Tests`
  /// (a feature's loop) does not.
  let scaleTests: [Target.Dependency]?

  init(
    _ name: String, in folder: String = "Modules", uses: [Target.Dependency], tests: [Target.Dependency]? = nil,
    testFiles: [String] = [], scaleTests: [Target.Dependency]? = nil
  ) {
    (self.name, self.folder, self.uses, self.tests, self.testFiles, self.scaleTests) = (name, folder, uses, tests, testFiles, scaleTests)
  }

  var targets: [Target] {
    var targets: [Target] = [.target(name: name, dependencies: uses, path: "\(folder)/\(name)")]
    if let tests {
      targets.append(.testTarget(name: "\(name)Tests", dependencies: [.target(name: name)] + tests, path: "Tests/\(name)Tests", exclude: testFiles))
    }
    if let scaleTests {
      targets.append(.testTarget(name: "\(name)ScaleTests", dependencies: [.target(name: name)] + scaleTests, path: "Tests/\(name)ScaleTests"))
    }
    return targets
  }
}

extension [Target.Dependency] {
  static let feature: Self = ["ComposableCore", "Persistence", "AppDependencies", "TerminalUI"]
  static let featureTests: Self = ["ComposableTestSupport", "TerminalSnapshots", .inlineSnapshotTesting]
}

extension Target.Dependency {
  static let casePaths = product(name: "CasePaths", package: "swift-case-paths")
  static let clocks = product(name: "Clocks", package: "swift-clocks")
  static let concurrencyExtras = product(name: "ConcurrencyExtras", package: "swift-concurrency-extras")
  static let customDump = product(name: "CustomDump", package: "swift-custom-dump")
  static let dependencies = product(name: "Dependencies", package: "swift-dependencies")
  static let dependenciesMacros = product(name: "DependenciesMacros", package: "swift-dependencies")
  static let grdb = product(name: "GRDB", package: "GRDB.swift")
  static let identifiedCollections = product(name: "IdentifiedCollections", package: "swift-identified-collections")
  static let issueReporting = product(name: "IssueReporting", package: "xctest-dynamic-overlay")
  static let orderedCollections = product(name: "OrderedCollections", package: "swift-collections")
  static let issueReportingTestSupport = product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay")
  static let inlineSnapshotTesting = product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing")
}
