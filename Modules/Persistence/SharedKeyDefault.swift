/// A key paired with its default value, so `@Shared(.todos) var todos` needs neither a type nor a
/// default.
///
/// ```swift
/// extension SharedReaderKey where Self == FileStorageKey<IdentifiedArrayOf<Todo>>.Default {
///   static var todos: Self { Self[.fileStorage(.todosURL), default: []] }
/// }
/// ```
///
/// The first default used for a key wins: a reference is created once per key, from the default
/// of whichever `@Shared` is created first.
public struct SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey, CustomStringConvertible {
  /// The key the value is stored under.
  public let base: Base
  let defaultValue: @Sendable () -> Base.Value

  /// Pairs `key` with the value a new reference starts from.
  public static subscript(
    key: Base,
    default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, defaultValue: value)
  }

  /// The key as it is written: `AppStorageKey<Int>.Default[.appStorage("count"), default: 0]`.
  public var description: String {
    "\(typeName(Base.self)).Default[\(base), default: \(defaultValue())]"
  }

  /// The value a new reference starts from when nothing is stored.
  public var initialValue: Base.Value { defaultValue() }

  /// The identity of the base key.
  public var id: Base.ID { base.id }

  /// Loads through the base key.
  public func load(context: LoadContext<Base.Value>, continuation: LoadContinuation<Base.Value>) {
    base.load(context: context, continuation: continuation)
  }

  /// Subscribes through the base key.
  public func subscribe(
    context: LoadContext<Base.Value>,
    subscriber: SharedSubscriber<Base.Value>
  ) -> SharedSubscription {
    base.subscribe(context: context, subscriber: subscriber)
  }
}

extension SharedKeyDefault: SharedKey where Base: SharedKey {
  /// Saves through the base key.
  public func save(_ value: Base.Value, context: SaveContext, continuation: SaveContinuation) {
    base.save(value, context: context, continuation: continuation)
  }
}

extension SharedKeyDefault: LazilySavingKey where Base: LazilySavingKey {
  @usableFromInline
  func scheduleSave(_ read: @escaping @Sendable () -> Base.Value?) {
    base.scheduleSave(read)
  }

  @usableFromInline
  func noteChange() {
    base.noteChange()
  }
}

extension SharedKeyDefault: ValueHoldingKey where Base: ValueHoldingKey {}
