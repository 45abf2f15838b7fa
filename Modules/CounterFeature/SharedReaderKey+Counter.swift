import Persistence

extension SharedReaderKey where Self == AppStorageKey<Int>.Default {
  /// The counter's count, persisted in app storage under `count`; zero until first changed.
  ///
  /// ```swift
  /// Counter.State(count: Shared(.count), step: SharedReader(value: 1))
  /// ```
  public static var count: Self {
    Self[.appStorage("count"), default: 0]
  }
}
