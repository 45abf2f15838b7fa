import Dependencies

extension NumberFactClient: TestDependencyKey {
  /// An unimplemented client: any test that fetches a fact without overriding
  /// ``NumberFactClient/fetch`` fails.
  public static let testValue = Self()

  /// A client that answers at once with a canned fact, the same one every time for the same
  /// number and kind, for previews and demos without a network.
  public static let previewValue = Self(
    fetch: { number, kind in
      switch kind {
      case .trivia:
        "\(number) is the number of the preview's favourite fact."
      case .math:
        "\(number) is \(number.isMultiple(of: 2) ? "an even" : "an odd") number."
      case .year:
        "\(number) is the year the preview remembers best."
      case .date:
        "\(number) is the day of the year the preview was written."
      }
    }
  )
}

extension DependencyValues {
  /// The client that fetches facts about numbers.
  public var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}
