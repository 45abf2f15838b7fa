import Foundation

extension String {
  /// The plain text of `state`, without its styles. `locale` is accepted for the signature
  /// swift-navigation has; text here is never localized, so it changes nothing.
  public init(state: TextState, locale: Locale? = nil) {
    switch state.storage {
    case let .concatenated(first, second):
      self = String(state: first, locale: locale) + String(state: second, locale: locale)
    case let .verbatim(string):
      self = string
    }
  }
}
