import Dependencies
import Foundation

/// A key for any value stored as a file, JSON by default.
///
/// ```swift
/// @Shared(.fileStorage(dataDirectory.appendingPathComponent("todos.json"))) var todos: [Todo] = []
/// ```
///
/// Writes are atomic (temporary file, `fsync`, rename) and coalesced: the first at once, then at
/// most one per second, encoding only the value actually written. Changes made to the file outside
/// the process reach the value within milliseconds. A file that fails to decode is moved aside
/// (`todos.json.corrupt-<timestamp>`) and reported in `loadError`; the value falls back to its
/// default. A file that cannot be read is moved aside too (`todos.json.unreadable-<timestamp>`),
/// and never written over.
///
/// The rule between processes sharing the file: writers take turns under an `flock` on
/// `.todos.json.lock`, so reading the file, deciding and renaming ours in is one step. Another
/// process's change replaces the value only while no change of ours waits to be written; if one
/// does, our value is written and theirs is kept aside (`todos.json.conflict-<timestamp>`),
/// reported in `loadError` and to ``FileStorage/onFileKeptAside(_:)``. Nothing is replaced unseen.
public struct FileStorageKey<Value: Sendable>: SharedKey, LazilySavingKey, CustomStringConvertible {
  let file: StoredFile
  /// The file as the caller spelled it, for the description.
  let givenURL: URL
  /// The file storage the file lives in: the same path in two in-memory file systems is two files.
  let storage: FileStorage
  let decode: @Sendable (Data) throws -> Value
  let encode: @Sendable (Value) throws -> Data

  init(
    url: URL,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    @Dependency(\.defaultFileStorage) var storage
    self.file = StoredFile(url: url.canonicalFileURL, storage: storage)
    self.givenURL = url
    self.storage = storage
    self.decode = decode
    self.encode = encode
  }

  /// The file the value is stored in.
  public var url: URL { file.url }

  /// The identity of a file: its path, however the URL was spelled, in its file storage.
  public var id: FileStorageKeyID {
    FileStorageKeyID(path: file.url.path, storage: ObjectIdentifier(storage.writers))
  }

  /// The key as it is written: `.fileStorage(file:///data/todos.json)`.
  public var description: String { ".fileStorage(\(String(reflecting: givenURL)))" }

  /// Decodes the file; the initial value when it is missing or empty.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(with: Result { try file.load(decode, throwsDecoderErrors: true) })
  }

  /// Watches the file for changes made outside the process.
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>) -> SharedSubscription {
    file.report(to: StoredFile.Reporter(
      loadError: { subscriber.yield(throwing: $0) },
      saveResult: { subscriber.reportSave($0) },
      wroteCleanly: { subscriber.clearLoadError() }
    ))
    let (file, decode) = (file, decode)
    let watch = file.watch {
      // NB: the value is replaced only if no change of ours is waiting to be written; otherwise
      //     that write keeps the other writer's file aside as a conflict.
      guard let change = file.externalChange() else { return }
      let taken: Bool
      switch change.contents {
      case .missing:
        taken = subscriber.yield(nil, if: { file.take(change) })
      case .data(let data) where data.isEmpty:
        taken = subscriber.yield(nil, if: { file.take(change) })
      case .data(let data):
        do {
          let value = try decode(data)
          taken = subscriber.yield(value, if: { file.take(change) })
        } catch {
          file.takeAlways(change)
          subscriber.yield(throwing: FileStorageError.loadError(decoding: error, keptAside: file.moveAsideCorrupt(error)))
          taken = true
        }
      }
      // NB: refused because a change or write of ours came in between: looked at again once
      //     the writer is idle, in case that write began before the other writer's rename.
      if !taken { file.writer.noteMissedChange() }
    }
    return SharedSubscription {
      watch.cancel()
      file.stopReporting()
    }
  }

  @usableFromInline
  func noteChange() {
    file.writer.noteChange()
  }

  /// Schedules a coalesced write (`.didSet`, its outcome reported later through `saveError`) or
  /// writes at once (`.userInitiated`).
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    let encode = encode
    continuation.resume(with: Result { try file.save({ try encode(value) }, now: context == .userInitiated) })
  }

  @usableFromInline
  func scheduleSave(_ read: @escaping @Sendable () -> Value?) {
    let encode = encode
    try? file.save({
      guard let value = read() else { throw CancellationError() }
      return try encode(value)
    }, now: false)
  }
}

extension SharedReaderKey {
  /// A key for a `Codable` value stored as JSON in the file at `url`.
  public static func fileStorage<Value: Codable & Sendable>(
    _ url: URL,
    decoder: JSONDecoder? = nil,
    encoder: JSONEncoder? = nil
  ) -> Self where Self == FileStorageKey<Value> {
    let decoder = UncheckedBox(decoder ?? JSONDecoder())
    let encoder = UncheckedBox(encoder ?? {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      return encoder
    }())
    return FileStorageKey(
      url: url,
      decode: { try decoder.value.decode(Value.self, from: $0) },
      encode: { try encoder.value.encode($0) }
    )
  }

  /// A key for a value stored in the file at `url` with custom `decode` and `encode`.
  public static func fileStorage<Value: Sendable>(
    _ url: URL,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, decode: decode, encode: encode)
  }
}

/// The identity of a ``FileStorageKey``: the canonical path of its file.
public struct FileStorageKeyID: Hashable, Sendable {
  let path: String
  let storage: ObjectIdentifier
}
