import ConcurrencyExtras
import GRDB

/// The identity of a ``FetchKey``: its database (the connection object, not its file), its
/// request and its scheduler. Keys with equal ids share one reference.
public struct FetchKeyID: Hashable {
  private let database: ObjectIdentifier
  private let request: AnyHashableSendable
  // NB: two request types with no stored properties hash alike as values; their types keep
  //     their ids' hashes apart.
  private let requestType: ObjectIdentifier
  private let scheduler: AnyHashableSendable?

  init(
    database: any DatabaseReader,
    request: some FetchKeyRequest,
    scheduler: (any ValueObservationScheduler & Hashable)?
  ) {
    self.database = ObjectIdentifier(database)
    self.request = AnyHashableSendable(request)
    self.requestType = ObjectIdentifier(type(of: request))
    self.scheduler = scheduler.map { AnyHashableSendable($0) }
  }
}
