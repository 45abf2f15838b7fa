// swift-tools-version: 6.1
import PackageDescription

// A libFuzzer target for the command line parsing of the terminal layer: the tokenizer, the
// `Invocation` readers and the terminal program's pipeline (`ParsedLine`) through `AppView`. It depends on
// the app's package by path. Build and run it with `Tools/reliability/fuzz`, which does:
//
//   swift build --package-path Tools/Fuzz -Xswiftc -sanitize=address \
//     -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table
//   Tools/Fuzz/.build/debug/command-fuzzer <corpus> -max_total_time=60
//
// NB: Not `-Xswiftc -sanitize=fuzzer`: SwiftPM applies it to the macro plugins (host tools)
// too, and links libFuzzer's `main` into them, where it collides with theirs. The flags above
// give every module libFuzzer's coverage instrumentation (address sanitizer included), and
// only this target links libFuzzer itself.
let package = Package(
  name: "Fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "ComposableApp", path: "../.."),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
  ],
  targets: [
    .executableTarget(
      name: "command-fuzzer",
      dependencies: [
        "CLibFuzzer",
        .product(name: "TerminalUI", package: "ComposableApp"),
        .product(name: "AppFeature", package: "ComposableApp"),
        .product(name: "Persistence", package: "ComposableApp"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      path: "Sources/CommandFuzzer",
      // NB: libFuzzer brings its own `main`, which SwiftPM's `--defsym main=<module>_main`
      // collides with; GNU gold then crashes while reporting it. lld links it, and our `main`
      // hands control to libFuzzer's driver.
      linkerSettings: [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])]
    ),
    // libFuzzer's driver entry point, declared for Swift.
    .target(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
  ]
)
