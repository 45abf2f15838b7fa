import ComposableCore
import Foundation

// NB: Written out, not synthesized: `@ObservableState` keeps each property in a private `_name`
// storage, and a synthesized coding would name the keys after it. The todos file keeps its keys.
// Notes came later: a todo without notes is written without the key, and read without it as
// having none, so files written before and after read the same.
extension Todo.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, description, isComplete, notes
  }

  /// Decodes a todo from its element of the todos file.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // NB: Read as text and parsed here, not through `UUID`'s own decoding, which scans with
    //     `sscanf`; the message for a malformed id is Foundation's.
    let idString = try container.decode(String.self, forKey: .id)
    guard let id = UUID(hexString: idString) ?? UUID(uuidString: idString) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath + [CodingKeys.id],
          debugDescription: "Attempted to decode UUID from invalid UUID string."
        )
      )
    }
    self.init(
      id: id,
      description: try container.decode(String.self, forKey: .description),
      isComplete: try container.decode(Bool.self, forKey: .isComplete),
      notes: try container.decodeIfPresent(String.self, forKey: .notes) ?? ""
    )
  }

  /// Encodes a todo as its element of the todos file.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(descriptionUnobserved, forKey: .description)
    try container.encode(isCompleteUnobserved, forKey: .isComplete)
    let notes = notesUnobserved
    if !notes.isEmpty { try container.encode(notes, forKey: .notes) }
  }
}
