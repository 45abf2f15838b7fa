import Foundation
import SharingGRDB

/// One todo, by id: what an opened todo's screen shows. `nil` once it is deleted.
public struct TodoRequest: FetchKeyRequest {
  /// The todo's id.
  public var id: Todo.State.ID

  /// Reads the todo with `id`.
  public init(id: Todo.State.ID) {
    self.id = id
  }

  /// Reads the todo's row, if it is still there.
  public func fetch(_ db: Database) throws -> Todo.State? {
    try Todo.State.fetchOne(Todo.State.byID(db), arguments: [id.uuidString])
  }
}
