import Foundation

/// How one type of app-storage value maps to what the file holds. Encoding to `nil` removes the key.
struct AppStorageCodec<Value>: Sendable {
  let decode: @Sendable (AppStorageValue) -> Value?
  let encode: @Sendable (Value) -> AppStorageValue?
}

extension AppStorageCodec where Value == Bool {
  static let bool = Self(decode: { if case .bool(let value) = $0 { value } else { nil } }, encode: { .bool($0) })
}

extension AppStorageCodec where Value == Int {
  static let int = Self(decode: { if case .int(let value) = $0 { value } else { nil } }, encode: { .int($0) })
}

extension AppStorageCodec where Value == Double {
  static let double = Self(
    decode: {
      switch $0 {
      case .double(let value): value
      case .int(let value): Double(value)
      default: nil
      }
    },
    encode: { .double($0) }
  )
}

extension AppStorageCodec where Value == String {
  static let string = Self(decode: { if case .string(let value) = $0 { value } else { nil } }, encode: { .string($0) })
}

extension AppStorageCodec where Value == [String] {
  static let strings = Self(decode: { if case .strings(let value) = $0 { value } else { nil } }, encode: { .strings($0) })
}

extension AppStorageCodec where Value == URL {
  static let url = Self(
    decode: { if case .string(let value) = $0 { URL(string: value) } else { nil } },
    encode: { .string($0.absoluteString) }
  )
}

extension AppStorageCodec where Value == Data {
  static let data = Self(
    decode: { if case .string(let value) = $0 { Data(base64Encoded: value) } else { nil } },
    encode: { .string($0.base64EncodedString()) }
  )
}

extension AppStorageCodec where Value == Date {
  /// Seconds since 1970, as a number.
  static let date = Self(
    decode: { AppStorageCodec<Double>.double.decode($0).map(Date.init(timeIntervalSince1970:)) },
    encode: { .double($0.timeIntervalSince1970) }
  )
}

extension AppStorageCodec {
  static func rawRepresentable<Raw>(_ raw: AppStorageCodec<Raw>) -> Self
  where Value: RawRepresentable & Sendable, Value.RawValue == Raw {
    Self(decode: { raw.decode($0).flatMap(Value.init(rawValue:)) }, encode: { raw.encode($0.rawValue) })
  }

  static func optional<Wrapped>(_ wrapped: AppStorageCodec<Wrapped>) -> Self where Value == Wrapped? {
    Self(decode: { wrapped.decode($0) }, encode: { $0.flatMap(wrapped.encode) })
  }
}

extension AppStorageCodec where Value: Codable & Sendable {
  /// The value's JSON text, as a string. A value that does not encode (a floating-point number
  /// that is not finite) removes the key, as swift-sharing's user-defaults key stores `nil`.
  static func json() -> Self {
    Self(
      decode: { stored in
        guard case .string(let text) = stored else { return nil }
        return try? JSONDecoder().decode(Value.self, from: Data(text.utf8))
      },
      encode: { value in
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(value)).map { .string(String(decoding: $0, as: UTF8.self)) }
      }
    )
  }
}
