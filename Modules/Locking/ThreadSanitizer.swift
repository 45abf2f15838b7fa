#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ThreadSanitizer runtime's synchronization annotations, when the process has them.
///
/// A build made with `-sanitize=thread` links the runtime, which exports `__tsan_acquire` and
/// `__tsan_release`: "this thread now owns what was published at this address" and "this
/// thread publishes what it did to this address". ``Lock`` calls them around its critical
/// section, so ThreadSanitizer sees the happens-before edge the futex hides. They are looked
/// up once, by name, in the running process; an ordinary build finds neither and ``hooks`` is
/// `nil`.
@usableFromInline
package enum ThreadSanitizer {
  /// The runtime's `__tsan_acquire`/`__tsan_release` pair.
  @usableFromInline
  package struct Hooks: Sendable {
    /// Marks the start of a critical section on the lock at the address.
    @usableFromInline package let acquire: @convention(c) (UnsafeMutableRawPointer?) -> Void
    /// Marks the end of a critical section on the lock at the address.
    @usableFromInline package let release: @convention(c) (UnsafeMutableRawPointer?) -> Void
  }

  /// The annotations of the ThreadSanitizer runtime in this process, or `nil` without one.
  @usableFromInline
  package static let hooks: Hooks? = {
    guard
      let acquire = lookUp("__tsan_acquire"),
      let release = lookUp("__tsan_release")
    else { return nil }
    return Hooks(
      acquire: unsafeBitCast(acquire, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
      release: unsafeBitCast(release, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
    )
  }()

  /// Whether this process runs under ThreadSanitizer.
  @usableFromInline
  package static var isActive: Bool { hooks != nil }

  private static func lookUp(_ name: String) -> UnsafeMutableRawPointer? {
    // NB: `RTLD_DEFAULT` (a null handle on Linux, -2 on Darwin) searches the executable and
    //     every library it loaded, which is where the sanitizer runtime lives when there is one.
    #if canImport(Darwin)
      dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)
    #else
      dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)
    #endif
  }
}
