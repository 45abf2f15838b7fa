/// A protocol `@Reducer(state:action:)` adds to an enum reducer's generated `State` or `Action`.
@available(*, deprecated, message: "Define your conformance using an extension, instead")
public struct _SynthesizedConformance: Sendable {}

@available(*, deprecated, message: "Define your conformance using an extension, instead")
extension _SynthesizedConformance {
  /// `Codable`.
  public static let codable = Self()
  /// `Decodable`.
  public static let decodable = Self()
  /// `Encodable`.
  public static let encodable = Self()
  /// `Equatable`.
  public static let equatable = Self()
  /// `Hashable`.
  public static let hashable = Self()
  /// `Sendable`.
  public static let sendable = Self()
}
