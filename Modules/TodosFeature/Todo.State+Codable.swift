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

  /// Decodes a todo from its element of the todos file (see `TodosFile.Row`).
  public init(from decoder: any Decoder) throws {
    let row = try TodosFile.Row(from: decoder)
    self.init(id: row.id, description: row.description, isComplete: row.isComplete, notes: row.notes)
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
