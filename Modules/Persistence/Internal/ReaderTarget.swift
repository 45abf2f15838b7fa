/// What a `SharedReader` refers to.
final class ReaderTarget<Value: Sendable>: Sendable {
  let reference: any Reference<Value>

  init(reference: any Reference<Value>) {
    self.reference = reference
  }
}
