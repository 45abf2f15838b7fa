/// A reference whose key subscription must be cancelled when its registry goes away.
protocol Disconnectable: AnyObject, Sendable {
  func disconnect()
}
