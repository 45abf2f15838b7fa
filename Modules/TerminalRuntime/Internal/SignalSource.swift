import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Delivers a signal (SIGINT, SIGWINCH) as a callback instead of its default action.
// NB: A dispatch source is thread-safe; Dispatch does not declare it `Sendable` on Linux.
final class SignalSource: @unchecked Sendable {
  private let source: any DispatchSourceSignal

  init(_ number: Int32, onSignal: @escaping @Sendable () -> Void) {
    signal(number, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue(label: "signal-\(number)"))
    source.setEventHandler(handler: onSignal)
    source.resume()
  }

  func cancel() {
    source.cancel()
  }
}
