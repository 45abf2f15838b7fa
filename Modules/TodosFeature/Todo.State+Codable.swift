import ComposableCore
import Foundation

// NB: Written out, not synthesized: `@ObservableState` keeps each property in a private `_name`
// storage, and a synthesized coding would name the keys after it. The todos file keeps its keys.
extension Todo.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, description, isComplete
  }

  /// Decodes a todo from its element of the todos file.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(UUID.self, forKey: .id),
      description: try container.decode(String.self, forKey: .description),
      isComplete: try container.decode(Bool.self, forKey: .isComplete)
    )
  }

  /// Encodes a todo as its element of the todos file.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(description, forKey: .description)
    try container.encode(isComplete, forKey: .isComplete)
  }
}
