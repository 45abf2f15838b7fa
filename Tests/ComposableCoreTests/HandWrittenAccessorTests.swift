import ComposableCore
import Observation
import Synchronization
import Testing

/// Accessors written by hand as TCA's `@ObservableState` expansion writes them (`mutate`,
/// `willModify`, `didModify` with the state and its member together) compile and announce as
/// the ones this library's macro writes.
struct HandWrittenAccessorTests {
  @Test func aSetterThroughMutateAnnouncesAChangeAndNotTheSameValue() {
    var state = HandWritten()
    let changes = Atomic<Int>(0)
    withObservationTracking { _ = state.count } onChange: { changes.add(1, ordering: .relaxed) }
    state.count = 0
    #expect(changes.load(ordering: .relaxed) == 0)
    state.count = 1
    #expect(changes.load(ordering: .relaxed) == 1)
  }

  @Test func aModifyThroughWillModifyAndDidModifyAnnouncesAReplacedChild() {
    var state = HandWritten()
    let changes = Atomic<Int>(0)
    withObservationTracking { _ = state.child } onChange: { changes.add(1, ordering: .relaxed) }
    state.child.count += 1
    #expect(changes.load(ordering: .relaxed) == 0)
    state.child = HandWritten.Child()
    #expect(changes.load(ordering: .relaxed) == 1)
  }
}

/// A state whose accessors are written out as TCA's macro writes them.
private struct HandWritten: ObservableState {
  @ObservableState
  struct Child { var count = 0 }

  private var _count = 0
  private var _child = Child()
  private var _$observationRegistrar = ObservationStateRegistrar()

  var _$id: ObservableStateID { _$observationRegistrar.id }

  mutating func _$willModify() { _$observationRegistrar._$willModify() }

  var count: Int {
    get {
      _$observationRegistrar.access(self, keyPath: \.count)
      return _count
    }
    set {
      _$observationRegistrar.mutate(self, keyPath: \.count, &_count, newValue, _$isIdentityEqual, { $0 != $1 })
    }
  }

  var child: Child {
    get {
      _$observationRegistrar.access(self, keyPath: \.child)
      return _child
    }
    set {
      _$observationRegistrar.mutate(self, keyPath: \.child, &_child, newValue, _$isIdentityEqual)
    }
    _modify {
      let oldValue = _$observationRegistrar.willModify(self, keyPath: \.child, &_child)
      defer { _$observationRegistrar.didModify(self, keyPath: \.child, &_child, oldValue, _$isIdentityEqual) }
      yield &_child
    }
  }
}
