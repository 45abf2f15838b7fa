import ChangeTracking
import Dependencies
import IssueReporting
import Observation

/// Runs a reducer: holds the state, processes actions one at a time, and interprets the
/// effects they return.
///
/// NB: Actions are processed by a loop over a FIFO buffer, never by recursion: an effect that
/// sends an action synchronously appends it to the buffer, and a `send` that arrives while the
/// loop runs only appends. So chains of any length use constant stack, and actions are handled
/// breadth first, in the order their effects were returned.
///
/// The send path is inlinable: a ``Store`` made where the feature's types are known sends through
/// code specialized for them (see `Store.init(initialState:reducer:withDependencies:)`), with no
/// generic metadata looked up and no witness calls for the state and action at run time.
@MainActor
@usableFromInline
final class RootCore<State, Action>: Core, Observable {
  /// The state, read through ``state`` and changed by ``reduce(_:)`` alone.
  ///
  /// NB: Unchecked for exclusivity by the runtime, and checked here instead: a reducer holds the
  ///     state `inout` while it runs, and a read of the state then (a dependency reading the
  ///     store) traps (``isReducing``). The runtime's check looked the access up in a
  ///     thread-local set at the start and the end of every reducer's run and every read, a
  ///     sixth of a root send.
  @exclusivity(unchecked) @usableFromInline var currentState: State
  /// Whether a reducer holds the state `inout`.
  @exclusivity(unchecked) @usableFromInline var isReducing = false
  /// The reducer's tree, prepared once (see ``Reducer/_prepare()``).
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline let dependencies: DependencyValues
  /// The dependencies in force, read and pushed by a send.
  ///
  /// NB: Kept, so that a send reaches them without the one-time initialization check that
  ///     reading `DependencyValues.$_current` runs at every read.
  @usableFromInline let dependenciesInForce = DependenciesInForce()
  /// What a send is noted with for a front end's redraw (``SendProcessing``).
  @usableFromInline let sendProcessing = SendProcessing()
  // NB: Unchecked for exclusivity: only this class's code touches these, each access is
  //     instantaneous (none is held across a call into a reducer or an observer), and the class
  //     is main-actor isolated.
  @exclusivity(unchecked) @usableFromInline var buffer: [Action] = []
  @exclusivity(unchecked) @usableFromInline var isSending = false
  @exclusivity(unchecked) @usableFromInline var loopGroup: EffectGroup?
  @exclusivity(unchecked) @usableFromInline var observers = SendObservers()
  /// How many sends are calling their observers now: an observer may send, and its send calls
  /// them too.
  @exclusivity(unchecked) @usableFromInline var observerCalls = 0
  /// The lists of observers replaced while observers were being called, kept alive until the
  /// calls end: a send calls the list it found through an unretained reference.
  @exclusivity(unchecked) @usableFromInline var replacedObservers: [SendObservers] = []
  private var lastObserverToken = 0
  /// The effects running, by id, and the cancel ids they registered.
  let effects = EffectRegistry()
  /// What a read of the state is noted with, and its replacement by another announced to (see
  /// `ChangeAnnouncer`).
  @usableFromInline let announcer = ChangeAnnouncer()
  /// Whether ``observedState`` has ever been read: until then nothing can be observing it, and
  /// a send need not announce anything.
  @exclusivity(unchecked) @usableFromInline var isObserved = false
  // NB: Made once: a key path into a generic class is instantiated anew at each use, which
  // costs about a microsecond.
  @usableFromInline let stateKeyPath: KeyPath<RootCore, State> = \.state
  /// The identity of observable state, read in place from the state's address (without a
  /// copy of the state); `nil` for other state.
  @usableFromInline let identity: ((UnsafeRawPointer) -> ObservableStateID)?

  /// A root running `reducer` from `initialState`; `identity` reads the identity of observable
  /// state (``identityReader()``).
  @usableFromInline
  init(
    initialState: State,
    reducer: @escaping (inout State, Action) -> Effect<Action>,
    dependencies: DependencyValues,
    identity: ((UnsafeRawPointer) -> ObservableStateID)?
  ) {
    self.identity = identity
    self.currentState = initialState
    self.reducer = reducer
    self.dependencies = dependencies
  }

  isolated deinit {
    effects.cancelAll()
  }

  var effectCount: (tasks: Int, cancelIDs: Int) {
    effects.count
  }

  var isInvalid: Bool { false }

  /// The state now.
  @inlinable
  var state: State {
    if isReducing { reportReadWhileReducing() }
    return currentState
  }

  /// Stops the program: the state was read while a reducer held it `inout`, as the runtime's
  /// exclusivity check would.
  @usableFromInline
  func reportReadWhileReducing() -> Never {
    fatalError(
      """
      The state of a store was read while its reducer was changing it. A reducer reads the state \
      it is given, not the store's.
      """
    )
  }

  var observedState: State {
    isObserved = true
    announcer.access(self, keyPath: stateKeyPath)
    return state
  }

  func state<Value>(at keyPath: KeyPath<State, Value>) -> Value {
    if isReducing { reportReadWhileReducing() }
    return currentState[keyPath: keyPath]
  }

  func observedState<Value>(at keyPath: KeyPath<State, Value>) -> Value {
    isObserved = true
    announcer.access(self, keyPath: stateKeyPath)
    return state(at: keyPath)
  }

  @inlinable
  func send(_ action: Action) -> StoreTask {
    if isSending {
      reportReentrantSend(of: action)
    }
    return StoreTask(group: send(action, group: nil))
  }

  /// Reports an action sent while another was being processed: it is still queued after the
  /// action being processed, as before; TCA warns of it too.
  @usableFromInline
  func reportReentrantSend(of action: Action) {
    reportIssue(
      """
      Sent '\(debugCaseOutput(action))' while an action was being processed.

      Reentrant actions are undefined and will be a precondition failure in a future version \
      of the library.
      """
    )
  }

  /// Processes `action` and everything its effects send synchronously; returns the tree of
  /// work it started, if any.
  @inlinable
  func send(_ action: Action, group: EffectGroup?) -> EffectGroup? {
    guard !isSending else {
      buffer.append(action)
      return nil
    }
    isSending = true
    // NB: Noted only for a store with observers, the ones a redraw after the send waits on: a
    //     store nobody observes pays nothing for it.
    let notesSend = !observers.isEmpty
    let outerSend = notesSend ? sendProcessing.begin() : 0
    // NB: Stored only when either is a group: assigning `nil` over `nil` still calls the runtime
    //     to retain the one and release the other.
    if group != nil || loopGroup != nil {
      loopGroup = group
    }
    // NB: Only the identity is kept, not a copy: a copy would make the reducer's first write
    // to a collection in state copy it.
    // NB: Nothing reads the identity until something observes the state.
    let identityBefore = isObserved ? stateIdentity() : nil
    // NB: The store's dependencies are pushed once for the whole batch: the action and every
    //     action its effects send synchronously.
    // NB: Pushed as the task local itself: they replace whatever is in force, so there is
    //     nothing to read and update first, as `withDependencies { $0 = … }` would.
    // NB: Not pushed when they are in force already, bit for bit (a send from the store's own
    //     effects, or from where a store made without overrides was made): pushing the same
    //     values changes nothing a reducer or an effect could read, and the push and pop cost
    //     more than the read that tells.
    if dependenciesInForce.holds(dependencies) {
      reduceBuffered(action)
    } else {
      dependenciesInForce.withValue(dependencies) { reduceBuffered(action) }
    }
    isSending = false
    if notesSend { sendProcessing.end(restoring: outerSend) }
    let group = loopGroup
    loopGroup = nil
    // NB: Observable state announces its own changes, property by property; the root only
    // announces that it was replaced. Other state has no identity: every send announces.
    if isObserved, identityBefore == nil || identityBefore != stateIdentity() {
      announcer.announce(self, keyPath: stateKeyPath)
    }
    if !observers.isEmpty {
      callObservers()
    }
    return group
  }

  /// Runs the reducer for `action`, then for every action its effects sent synchronously, in
  /// order: the batch one `send` processes. The first action needs no buffer. Leaves the buffer
  /// empty.
  @inlinable
  func reduceBuffered(_ action: Action) {
    reduce(action)
    while !buffer.isEmpty {
      var index = 0
      while index < buffer.count {
        let action = buffer[index]
        index += 1
        reduce(action)
      }
      // NB: The actions are freed out of the buffer, not in it: a payload freed with them may
      //     send another action (its deinit), which is then queued in the emptied buffer and
      //     processed in this batch, after them, as TCA processes it. Freed in place, it was
      //     appended to the array being emptied.
      var processed: [Action] = []
      swap(&processed, &buffer)
      processed.removeAll(keepingCapacity: processed.count <= 1024)
      if buffer.isEmpty {
        buffer = processed
      }
    }
  }

  /// Runs the reducer for one action and starts its effect.
  @inlinable
  func reduce(_ action: Action) {
    isReducing = true
    let effect = reducer(&currentState, action)
    isReducing = false
    if !effect.isNone {
      start(effect, of: action)
    }
  }

  /// Starts the effect `action` returned.
  ///
  /// NB: A cancellation (`return .cancel(id:)`, as a counter returns at every tap) ends work
  ///     registered at the root, as it would under a context of its own: the context, which boxes
  ///     the action for messages, is made only for an effect that starts something.
  @usableFromInline
  func start(_ effect: Effect<Action>, of action: Action) {
    if case .cancel(let id) = effect.operation {
      effects.cancel(CancelID(id, path: []))
      return
    }
    start(effect, EffectContext(origin: UncheckedSendable(action)))
  }

  func addObserver(_ onChange: @escaping @MainActor () -> Void) -> Int {
    lastObserverToken += 1
    replaceObservers(with: observers.adding(onChange, token: lastObserverToken))
    return lastObserverToken
  }

  func removeObserver(_ token: Int) {
    replaceObservers(with: observers.removing(token: token))
  }

  /// Calls the observers of the list in place now, in order.
  ///
  /// NB: Through an unretained reference: retaining the list for the calls was two of a root
  ///     send's few atomic operations. A list replaced meanwhile (an observer adding or removing
  ///     one) is kept alive until the last send calling observers is done.
  @inlinable
  func callObservers() {
    observerCalls &+= 1
    SendObservers.callEach(of: Unmanaged.passUnretained(observers))
    observerCalls &-= 1
    if observerCalls == 0, !replacedObservers.isEmpty {
      replacedObservers.removeAll()
    }
  }

  /// Puts `list` in place of the observers, keeping the list it replaces alive while observers
  /// are being called.
  private func replaceObservers(with list: SendObservers) {
    if observerCalls > 0 {
      replacedObservers.append(observers)
    }
    observers = list
  }
}
