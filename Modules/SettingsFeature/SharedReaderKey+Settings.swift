import AppDependencies
import Persistence
import TerminalUI

extension SharedReaderKey where Self == AppStorageKey<FactKind>.Default {
  /// The kind of number fact to fetch, stored under `fact-kind`; trivia by default.
  public static var factKind: Self {
    Self[.appStorage("fact-kind"), default: Settings.Default.factKind]
  }
}

extension SharedReaderKey where Self == AppStorageKey<Int>.Default {
  /// How far the counter moves per tap, stored under `step`; one by default.
  public static var step: Self {
    Self[.appStorage("step"), default: Settings.Default.step]
  }
}

extension SharedReaderKey where Self == AppStorageKey<ColorMode>.Default {
  /// Whether output is coloured, stored under `color`; `auto` by default.
  public static var colorMode: Self {
    Self[.appStorage("color"), default: Settings.Default.colorMode]
  }
}

extension SharedReaderKey where Self == AppStorageKey<Bool>.Default {
  /// Whether completed todos sort to the bottom, stored under `sort-completed`; on by default.
  public static var sortCompleted: Self {
    Self[.appStorage("sort-completed"), default: Settings.Default.sortCompleted]
  }
}
