/// The observers of a root store's sends (``RootCore/addObserver(_:)``), in the order they were
/// added: a list made anew when one is added or removed and never changed, so that a send calls
/// the observers of the list it found, however the list is replaced meanwhile.
///
/// NB: A closure read out of an array is retained for its call and released after it: for a store
///     with one observer, two of the four atomic operations a send spent on its observers, with
///     the array's own. Here each observer is a constant of an object the list keeps alive,
///     called through an unretained reference, and the list is too while the store keeps it
///     (``RootCore/callObservers()``): no atomic operation per send, however many observers.
@MainActor
@usableFromInline
final class SendObservers {
  /// One observer: its token, and what it runs after every send.
  @usableFromInline
  final class Observer {
    let token: Int
    @usableFromInline let onChange: @MainActor () -> Void

    init(token: Int, onChange: @escaping @MainActor () -> Void) {
      self.token = token
      self.onChange = onChange
    }
  }

  /// The observers, kept alive for as long as the list is.
  private let observers: [Observer]
  /// The same observers, unretained: what a send reads.
  @usableFromInline let references: [Unmanaged<Observer>]

  /// A list of `observers`, in order.
  init(_ observers: [Observer] = []) {
    self.observers = observers
    self.references = observers.map { Unmanaged.passUnretained($0) }
  }

  /// Whether there are none.
  @inlinable
  var isEmpty: Bool { references.isEmpty }

  /// The list with `onChange` added last, under `token`.
  func adding(_ onChange: @escaping @MainActor () -> Void, token: Int) -> SendObservers {
    SendObservers(observers + [Observer(token: token, onChange: onChange)])
  }

  /// The list without the observer added under `token`.
  func removing(token: Int) -> SendObservers {
    SendObservers(observers.filter { $0.token != token })
  }

  /// Calls every observer, in order.
  ///
  /// NB: The caller keeps the list alive for the call, however the store's list is replaced
  ///     meanwhile (an observer adding or removing one).
  @usableFromInline
  func callEach() {
    for reference in references {
      withGuaranteedReference(to: reference) { $0.onChange() }
    }
  }

  /// Calls every observer of the list `list` names, unretained: its caller keeps it alive.
  @usableFromInline
  static func callEach(of list: Unmanaged<SendObservers>) {
    withGuaranteedReference(to: list) { $0.callEach() }
  }
}
