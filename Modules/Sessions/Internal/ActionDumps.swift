import CustomDump
import Foundation

/// The custom dumps of actions, each distinct action dumped once.
///
/// `String(customDumping:)` costs tens of microseconds here (on Linux it compiles a regular
/// expression for every type name it prints), and a run sends the same few actions thousands of
/// times: recording or replaying 10,000 `inc` lines dumps 10,000 actions.
///
/// An action is looked up by its type and its bytes, and kept only when it is made of values
/// alone — enums, structs, tuples and optionals down to strings, numbers, ids, dates and the
/// like: no class instance (its state may change while the bytes that point at it do not), no
/// collection, nothing that dumps or reflects itself its own way. The action kept is kept alive
/// with its dump, so the storage its bytes point at (a string's) is never freed and reused, and
/// while shared it is never changed in place. Equal bytes then mean an equal action, and so an
/// equal dump. Anything else is dumped every time, as before.
///
/// Not for several threads: each owner keeps its own.
struct ActionDumps {
  private struct Key: Hashable {
    var type: ObjectIdentifier
    var bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
      hasher.combine(type)
      // NB: At once, not byte by byte as `[UInt8]`'s own hashing does.
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }

  /// The most actions kept; past it, the cache starts again.
  static let capacity = 1_024

  private var dumps: [Key: (action: Any, dump: String)] = [:]

  /// The custom dump of `action`.
  mutating func dump<Action>(_ action: Action) -> String {
    let key = Key(type: ObjectIdentifier(Action.self), bytes: withUnsafeBytes(of: action) { Array($0) })
    if let kept = dumps[key] { return kept.dump }
    let dump = String(customDumping: action)
    if Self.isMadeOfValues(action) {
      if dumps.count >= Self.capacity { dumps.removeAll(keepingCapacity: true) }
      dumps[key] = (action, dump)
    }
    return dump
  }

  /// Whether `value` is made of values alone (see ``ActionDumps``).
  static func isMadeOfValues(_ value: Any, depth: Int = 0) -> Bool {
    switch value {
    case is String, is Substring, is Character, is Bool, is Int, is Int8, is Int16, is Int32, is Int64,
      is UInt, is UInt8, is UInt16, is UInt32, is UInt64, is Double, is Float, is UUID, is Date:
      return true
    default:
      break
    }
    guard depth < 32,
      !(value is any CustomDumpStringConvertible), !(value is any CustomDumpRepresentable),
      !(value is any CustomDumpReflectable), !(value is any CustomReflectable)
    else { return false }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .enum?, .struct?, .tuple?, .optional?:
      return mirror.children.allSatisfy { isMadeOfValues($0.value, depth: depth + 1) }
    default:
      return false
    }
  }
}
