import Foundation

// NB: one overload per supported type, so an unsupported type fails to compile at the call site.
extension SharedReaderKey {
  /// A key for an array of strings in the app-storage file.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<[String]> {
    AppStorageKey(name, codec: .strings)
  }

  /// A key for an optional array of strings in the app-storage file; `nil` removes the key.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<[String]?> {
    AppStorageKey(name, codec: .optional(.strings))
  }

  /// A key for a `Bool` in the app-storage file.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<Bool> {
    AppStorageKey(name, codec: .bool)
  }

  /// A key for an optional `Bool` in the app-storage file; `nil` removes the key.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<Bool?> {
    AppStorageKey(name, codec: .optional(.bool))
  }

  /// A key for a `Int` in the app-storage file.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<Int> {
    AppStorageKey(name, codec: .int)
  }

  /// A key for an optional `Int` in the app-storage file; `nil` removes the key.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<Int?> {
    AppStorageKey(name, codec: .optional(.int))
  }

  /// A key for a `Double` in the app-storage file.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<Double> {
    AppStorageKey(name, codec: .double)
  }

  /// A key for an optional `Double` in the app-storage file; `nil` removes the key.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<Double?> {
    AppStorageKey(name, codec: .optional(.double))
  }

  /// A key for a `String` in the app-storage file.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<String> {
    AppStorageKey(name, codec: .string)
  }

  /// A key for an optional `String` in the app-storage file; `nil` removes the key.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<String?> {
    AppStorageKey(name, codec: .optional(.string))
  }

  /// A key for a `URL` in the app-storage file.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<URL> {
    AppStorageKey(name, codec: .url)
  }

  /// A key for an optional `URL` in the app-storage file; `nil` removes the key.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<URL?> {
    AppStorageKey(name, codec: .optional(.url))
  }

  /// A key for a `Data` in the app-storage file.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<Data> {
    AppStorageKey(name, codec: .data)
  }

  /// A key for an optional `Data` in the app-storage file; `nil` removes the key.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<Data?> {
    AppStorageKey(name, codec: .optional(.data))
  }

  /// A key for a `Date` in the app-storage file.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<Date> {
    AppStorageKey(name, codec: .date)
  }

  /// A key for an optional `Date` in the app-storage file; `nil` removes the key.
  public static func appStorage(_ name: String) -> Self where Self == AppStorageKey<Date?> {
    AppStorageKey(name, codec: .optional(.date))
  }

  /// A key for a value with an `Int` raw value in the app-storage file.
  public static func appStorage<Value: RawRepresentable & Sendable>(_ name: String) -> Self
  where Self == AppStorageKey<Value>, Value.RawValue == Int {
    AppStorageKey(name, codec: .rawRepresentable(.int))
  }

  /// A key for an optional value with an `Int` raw value; `nil` removes the key.
  public static func appStorage<Value: RawRepresentable & Sendable>(_ name: String) -> Self
  where Self == AppStorageKey<Value?>, Value.RawValue == Int {
    AppStorageKey(name, codec: .optional(.rawRepresentable(.int)))
  }

  /// A key for a value with an `String` raw value in the app-storage file.
  public static func appStorage<Value: RawRepresentable & Sendable>(_ name: String) -> Self
  where Self == AppStorageKey<Value>, Value.RawValue == String {
    AppStorageKey(name, codec: .rawRepresentable(.string))
  }

  /// A key for an optional value with an `String` raw value; `nil` removes the key.
  public static func appStorage<Value: RawRepresentable & Sendable>(_ name: String) -> Self
  where Self == AppStorageKey<Value?>, Value.RawValue == String {
    AppStorageKey(name, codec: .optional(.rawRepresentable(.string)))
  }

  /// A key for any `Codable` value in the app-storage file, held there as its JSON text. As in
  /// swift-sharing, the types above are stored as themselves rather than as JSON: this overload
  /// is the last chosen.
  @_disfavoredOverload
  public static func appStorage<Value: Codable & Sendable>(_ name: String) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(name, codec: .json())
  }

  /// A key for an optional `Codable` value, held as its JSON text; `nil` removes the key.
  @_disfavoredOverload
  public static func appStorage<Value: Codable & Sendable>(_ name: String) -> Self where Self == AppStorageKey<Value?> {
    AppStorageKey(name, codec: .optional(.json()))
  }
}
