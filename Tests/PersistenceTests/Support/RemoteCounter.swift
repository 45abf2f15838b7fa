/// A store reached only asynchronously, as a server would be: what an async custom key talks to.
actor RemoteCounter {
  struct Unavailable: Error {}

  private(set) var stored: Int?
  private var isFailing = false

  init(stored: Int? = nil) {
    self.stored = stored
  }

  func fetch() throws -> Int? {
    if isFailing { throw Unavailable() }
    return stored
  }

  func store(_ value: Int) throws {
    if isFailing { throw Unavailable() }
    stored = value
  }

  func setFailing(_ isFailing: Bool) {
    self.isFailing = isFailing
  }
}
