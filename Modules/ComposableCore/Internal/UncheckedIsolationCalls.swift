// The standard library's calls that take a closure, for the store's main-actor code.
//
// NB: A main-actor closure handed straight to the standard library (a module of the Swift 5
//     language mode) checks at run time that it runs on the main actor, at every call
//     (`swift_task_isCurrentExecutor`): the compiler cannot know that the library calls it where
//     it was given. Handed to a function of this module, whose closure parameters run where they
//     are called, it checks nothing; the function hands its parameter on, which is no closure of
//     the caller's isolation.

/// Runs `body` with the object `reference` names, unretained: its caller keeps it alive.
@inline(__always)
func withGuaranteedReference<Object: AnyObject, Result>(
  to reference: Unmanaged<Object>, _ body: (Object) -> Result
) -> Result {
  reference._withUnsafeGuaranteedRef(body)
}

/// Runs `body` with a pointer to `value`, as `withUnsafeMutablePointer(to:_:)` does.
@inlinable @inline(__always)
func withMutablePointer<Value, Result>(
  to value: inout Value, _ body: (UnsafeMutablePointer<Value>) -> Result
) -> Result {
  withUnsafeMutablePointer(to: &value, body)
}
