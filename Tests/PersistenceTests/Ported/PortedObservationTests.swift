import Observation
import Persistence
import Testing

/// swift-sharing's observation tests, with the Observation framework's tracking.
struct PortedObservationTests {
  @Test func anUnpersistedReadIsToldOfAMutation() async {
    @Shared(value: 0) var count: Int
    await confirmation { confirm in
      withObservationTracking { _ = count } onChange: { confirm() }
      $count.withLock { $0 += 1 }
    }
  }

  @Test func aPersistedReadIsToldOfAMutation() async {
    @Shared(.inMemory("count")) var count = 0
    await confirmation { confirm in
      withObservationTracking { _ = count } onChange: { confirm() }
      $count.withLock { $0 += 1 }
    }
  }

  @Test func readingIsLoadingIsToldWhenTheLoadEnds() async {
    let key = PortedIsLoadingTests.GatedKey()
    @SharedReader(key) var value = 0
    await confirmation { confirm in
      withObservationTracking { _ = $value.isLoading } onChange: { confirm() }
      key.open()
    }
    #expect(!$value.isLoading)
  }
}
