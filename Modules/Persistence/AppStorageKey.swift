import Dependencies
import Foundation

/// A key for a small value (a setting, a counter) kept with every other `.appStorage` value in one
/// JSON file, `app-storage.json` in the data directory.
///
/// ```swift
/// @Shared(.appStorage("count")) var count = 0
/// @Shared(.appStorage("name")) var name: String? = nil   // setting nil removes the key
/// ```
///
/// Supports `Bool`, `Int`, `Double`, `String`, `URL`, `Data`, `Date`, `RawRepresentable` types with
/// `Int` or `String` raw values, and optionals of all of these. The file is written atomically and
/// coalesced like ``FileStorageKey``; when another process changes it, its values are taken for every
/// key except those changed here and not yet written, which are re-applied on top.
public struct AppStorageKey<Value: Sendable>: SharedKey, CustomStringConvertible {
  /// The name the value is stored under.
  public let name: String
  let file: AppStorageFile
  let codec: AppStorageCodec<Value>
  /// The file storage the file lives in, part of the identity.
  let storage: FileStorage

  init(_ name: String, codec: AppStorageCodec<Value>) {
    @Dependency(\.defaultFileStorage) var storage
    @Dependency(\.defaultDataDirectory) var dataDirectory
    let url = dataDirectory.appendingPathComponent("app-storage.json").canonicalFileURL
    self.name = name
    self.codec = codec
    self.storage = storage
    self.file = storage.writers.appStorageFile(at: url) { AppStorageFile(url: url, storage: storage) }
  }

  /// The key as it is written: `.appStorage("count")`.
  public var description: String { ".appStorage(\(String(reflecting: name)))" }

  /// The identity of an app-storage value: its name and file.
  public var id: AppStorageKeyID {
    AppStorageKeyID(name: name, path: file.url.path, storage: ObjectIdentifier(storage.writers))
  }

  /// The stored value; `nil` when the key is absent, after storing `initialValue` under it. A value
  /// of another type throws ``FileStorageError/mismatchedValue(url:key:copiedTo:)`` after a copy of
  /// the file is kept.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(with: Result { try value(storingIfAbsent: context.initialValue) })
  }

  private func value(storingIfAbsent initialValue: Value?) throws -> Value? {
    guard let stored = try file.value(name) else {
      if let initial = initialValue.flatMap(codec.encode) { file.storeDefault(name, initial) }
      return nil
    }
    guard let value = codec.decode(stored) else { throw file.mismatched(name) }
    return value
  }

  /// Stores the value (`nil` for an optional removes the key).
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume(with: Result { try file.set(name, codec.encode(value), now: context == .userInitiated) })
  }

  /// Delivers changes another process makes to this key.
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>) -> SharedSubscription {
    let codec = codec
    return file.observe(name, AppStorageFile.Observer(
      onValue: { value in
        if let value = value.flatMap(codec.decode) {
          subscriber.yield(value)
        } else {
          subscriber.yieldReturningInitialValue()
        }
      },
      onLoadError: subscriber.yield(throwing:),
      onSave: { subscriber.reportSave($0) }
    ))
  }
}

/// The identity of an ``AppStorageKey``: its name and the file it lives in.
public struct AppStorageKeyID: Hashable, Sendable {
  let name: String
  let path: String
  let storage: ObjectIdentifier
}
