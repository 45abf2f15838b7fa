import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Delivers SIGINT as a callback instead of terminating the process.
// NB: A dispatch source is thread-safe; Dispatch does not declare it `Sendable` on Linux.
final class InterruptSource: @unchecked Sendable {
  private let source: any DispatchSourceSignal

  init(onInterrupt: @escaping @Sendable () -> Void) {
    signal(SIGINT, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "interrupt"))
    source.setEventHandler(handler: onInterrupt)
    source.resume()
  }

  func cancel() {
    source.cancel()
  }
}
