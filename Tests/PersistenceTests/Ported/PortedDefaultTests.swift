import Persistence
import Testing

extension SharedReaderKey where Self == InMemoryKey<Bool>.Default {
  fileprivate static var isOn: Self { Self[.inMemory("isOn"), default: false] }
}

extension SharedReaderKey where Self == InMemoryKey<Int>.Default {
  /// One stored value, "count", behind two keys with different defaults.
  fileprivate static var countDefaultingToOne: Self { Self[.inMemory("count"), default: 1] }
  fileprivate static var countDefaultingToTwo: Self { Self[.inMemory("count"), default: 2] }
}

/// swift-sharing's tests of keys with defaults: whichever default is used first wins.
struct PortedDefaultTests {
  @Test func sharedCompetingDefaults() {
    @Shared(.isOn) var first = true
    @Shared(.isOn) var second = false
    @Shared(.isOn) var third
    #expect([first, second, third] == [true, true, true])
  }

  @Test func sharedCompetingDefaultsWhenTheFirstIsTheKeys() {
    @Shared(.isOn) var first = false
    @Shared(.isOn) var second = true
    @Shared(.isOn) var third
    #expect([first, second, third] == [false, false, false])
  }

  @Test func readerCompetingDefaultsWhenTheFirstIsTheKeys() {
    @SharedReader(.isOn) var first = false
    @SharedReader(.isOn) var second = true
    @SharedReader(.isOn) var third
    #expect([first, second, third] == [false, false, false])
  }

  @Test func sharedKeyDefaultUsedFirst() {
    @Shared(.isOn) var first
    @Shared(.isOn) var second = true
    #expect([first, second] == [false, false])
  }

  @Test func readerCompetingDefaults() {
    @SharedReader(.isOn) var first = true
    @SharedReader(.isOn) var second = false
    @SharedReader(.isOn) var third
    #expect([first, second, third] == [true, true, true])
  }

  @Test func readerKeyDefaultUsedFirst() {
    @SharedReader(.isOn) var first
    @SharedReader(.isOn) var second = true
    #expect([first, second] == [false, false])
  }

  @Test func aGivenDefaultOutlivesItsReference() {
    do {
      @Shared(.isOn) var isOn = true
      #expect(isOn)
    }
    @Shared(.isOn) var isOn
    #expect(isOn)
  }

  @Test func aMutationOutlivesItsReference() {
    do {
      @Shared(.isOn) var isOn = false
      $isOn.withLock { $0 = true }
    }
    @Shared(.isOn) var isOn
    #expect(isOn)
  }

  @Test func theInitialValueIsPublic() {
    #expect(InMemoryKey<Bool>.Default.isOn.initialValue == false)
  }

  @Test func writerDefaultThenReaderDefault() {
    @Shared(.countDefaultingToOne) var count
    @SharedReader(.countDefaultingToTwo) var reader
    $count.withLock { $0 += 1 }
    #expect([count, reader] == [2, 2])
  }

  @Test func readerDefaultThenWriterDefault() {
    @SharedReader(.countDefaultingToTwo) var reader
    @Shared(.countDefaultingToOne) var count
    $count.withLock { $0 += 1 }
    #expect([count, reader] == [3, 3])
  }

  @Test func givenWriterValueThenReaderDefault() {
    @Shared(.countDefaultingToOne) var count = 3
    @SharedReader(.countDefaultingToTwo) var reader
    $count.withLock { $0 += 1 }
    #expect([count, reader] == [4, 4])
  }

  @Test func writerDefaultThenGivenReaderValue() {
    @Shared(.countDefaultingToOne) var count
    @SharedReader(.countDefaultingToTwo) var reader = 3
    $count.withLock { $0 += 1 }
    #expect([count, reader] == [2, 2])
  }

  @Test func givenReaderValueThenWriterDefault() {
    @SharedReader(.countDefaultingToTwo) var reader = 3
    @Shared(.countDefaultingToOne) var count
    $count.withLock { $0 += 1 }
    #expect([count, reader] == [4, 4])
  }

  @Test func readerDefaultThenGivenWriterValue() {
    @SharedReader(.countDefaultingToTwo) var reader
    @Shared(.countDefaultingToOne) var count = 3
    $count.withLock { $0 += 1 }
    #expect([count, reader] == [3, 3])
  }
}
