/// One value in the app-storage file: what JSON can hold without losing precision.
enum AppStorageValue: Codable, Equatable, Sendable {
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case strings([String])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode([String].self) {
      self = .strings(value)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .strings(let value): try container.encode(value)
    }
  }
}
