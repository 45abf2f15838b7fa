import ComposableMacroExpansions
import MacroTesting
import Testing

@Suite(
  .macros(
    [
      "ObservableState": ObservableStateMacro.self,
      "ObservationStateTracked": ObservationStateTrackedMacro.self,
      "ObservationStateIgnored": ObservationStateIgnoredMacro.self,
    ]
  )
)
struct ObservableStateMacroTests {
  @Test func aStoredPropertyIsTrackedOverPrivateStorage() {
    assertMacro {
      """
      @ObservableState
      struct State {
        var count = 0
      }
      """
    } expansion: {
      #"""
      struct State {
        var count {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.count)
            return _count
          }
          set {
            let announcement = _$observationRegistrar.willSet(self, keyPath: \.count, _count, newValue, _$isIdentityEqual, shouldNotifyObservers)
            _count = newValue
            _$observationRegistrar.didSet(self, keyPath: \.count, announcement)
          }
          _modify {
            ComposableCore._$willModify(&_count)
            let identity = _$modifiedIdentity(of: _count)
            defer {
              _$observationRegistrar.didModify(self, keyPath: \.count, from: identity, to: _$modifiedIdentity(of: _count))
            }
            yield &_count
          }
        }

        private var _count = 0

        var _$observationRegistrar = ComposableCore.ObservationStateRegistrar()

        public var _$id: ComposableCore.ObservableStateID {
          _$observationRegistrar.id
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        public static func _$accessor(for keyPath: AnyKeyPath) -> Any? {
          switch keyPath {
          case \Self.count:
            return ComposableCore._StateAccessor<Self, _>(get: {
                $0.count
              }, peek: {
                $0._count
              }, set: {
                $0.count = $1
              }, modify: {
                $1(&$0.count)
              })
          default:
            return nil
          }
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu_>(_ lhs: __macro_local_6MemberfMu_, _ rhs: __macro_local_6MemberfMu_) -> Bool {
          true
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu0_: Equatable>(_ lhs: __macro_local_6MemberfMu0_, _ rhs: __macro_local_6MemberfMu0_) -> Bool {
          lhs != rhs
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu1_: AnyObject>(_ lhs: __macro_local_6MemberfMu1_, _ rhs: __macro_local_6MemberfMu1_) -> Bool {
          lhs !== rhs
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu2_: Equatable & AnyObject>(_ lhs: __macro_local_6MemberfMu2_, _ rhs: __macro_local_6MemberfMu2_) -> Bool {
          lhs != rhs
        }
      }
      """#
    }
  }

  @Test func accessIsKeptAndAvailabilityRepeated() {
    assertMacro {
      """
      @ObservableState
      @available(macOS 15, *)
      public struct State {
        public var count: Int
      }
      """
    } expansion: {
      #"""
      @available(macOS 15, *)
      public struct State {
        public var count: Int {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.count)
            return _count
          }
          set {
            let announcement = _$observationRegistrar.willSet(self, keyPath: \.count, _count, newValue, _$isIdentityEqual, shouldNotifyObservers)
            _count = newValue
            _$observationRegistrar.didSet(self, keyPath: \.count, announcement)
          }
          _modify {
            ComposableCore._$willModify(&_count)
            let identity = _$modifiedIdentity(of: _count)
            defer {
              _$observationRegistrar.didModify(self, keyPath: \.count, from: identity, to: _$modifiedIdentity(of: _count))
            }
            yield &_count
          }
        }

        private var _count: Int

        var _$observationRegistrar = ComposableCore.ObservationStateRegistrar()

        public var _$id: ComposableCore.ObservableStateID {
          _$observationRegistrar.id
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        public static func _$accessor(for keyPath: AnyKeyPath) -> Any? {
          switch keyPath {
          case \Self.count:
            return ComposableCore._StateAccessor<Self, _>(get: {
                $0.count
              }, peek: {
                $0._count
              }, set: {
                $0.count = $1
              }, modify: {
                $1(&$0.count)
              })
          default:
            return nil
          }
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu_>(_ lhs: __macro_local_6MemberfMu_, _ rhs: __macro_local_6MemberfMu_) -> Bool {
          true
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu0_: Equatable>(_ lhs: __macro_local_6MemberfMu0_, _ rhs: __macro_local_6MemberfMu0_) -> Bool {
          lhs != rhs
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu1_: AnyObject>(_ lhs: __macro_local_6MemberfMu1_, _ rhs: __macro_local_6MemberfMu1_) -> Bool {
          lhs !== rhs
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu2_: Equatable & AnyObject>(_ lhs: __macro_local_6MemberfMu2_, _ rhs: __macro_local_6MemberfMu2_) -> Bool {
          lhs != rhs
        }
      }
      """#
    }
  }

  @Test func ignoredLetsStaticAndComputedPropertiesAreLeftAlone() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @ObservationStateIgnored var scratch = ""
        let id: Int
        static var shared = 0
        var doubled: Int { id * 2 }
      }
      """
    } expansion: {
      """
      struct State {
        var scratch = ""
        let id: Int
        static var shared = 0
        var doubled: Int { id * 2 }

        var _$observationRegistrar = ComposableCore.ObservationStateRegistrar()

        public var _$id: ComposableCore.ObservableStateID {
          _$observationRegistrar.id
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu_>(_ lhs: __macro_local_6MemberfMu_, _ rhs: __macro_local_6MemberfMu_) -> Bool {
          true
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu0_: Equatable>(_ lhs: __macro_local_6MemberfMu0_, _ rhs: __macro_local_6MemberfMu0_) -> Bool {
          lhs != rhs
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu1_: AnyObject>(_ lhs: __macro_local_6MemberfMu1_, _ rhs: __macro_local_6MemberfMu1_) -> Bool {
          lhs !== rhs
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu2_: Equatable & AnyObject>(_ lhs: __macro_local_6MemberfMu2_, _ rhs: __macro_local_6MemberfMu2_) -> Bool {
          lhs != rhs
        }
      }
      """
    }
  }

  @Test func sharedPropertiesObserveThemselves() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @Shared var count: Int
        @SharedReader var isOn: Bool
      }
      """
    } expansion: {
      """
      struct State {
        @Shared
        var count: Int
        @SharedReader
        var isOn: Bool

        var _$observationRegistrar = ComposableCore.ObservationStateRegistrar()

        public var _$id: ComposableCore.ObservableStateID {
          _$observationRegistrar.id
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu_>(_ lhs: __macro_local_6MemberfMu_, _ rhs: __macro_local_6MemberfMu_) -> Bool {
          true
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu0_: Equatable>(_ lhs: __macro_local_6MemberfMu0_, _ rhs: __macro_local_6MemberfMu0_) -> Bool {
          lhs != rhs
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu1_: AnyObject>(_ lhs: __macro_local_6MemberfMu1_, _ rhs: __macro_local_6MemberfMu1_) -> Bool {
          lhs !== rhs
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu2_: Equatable & AnyObject>(_ lhs: __macro_local_6MemberfMu2_, _ rhs: __macro_local_6MemberfMu2_) -> Bool {
          lhs != rhs
        }
      }
      """
    }
  }

  @Test func trackedAndPresentedMembersHaveAccessorsByKeyPath() {
    assertMacro {
      """
      @ObservableState
      struct State {
        var count = 0
        @Presents var alert: AlertState<Action.Alert>?
        @Shared var shared: Int
        @ObservationStateIgnored var cache = 0
        let id: Int
      }
      """
    } expansion: {
      #"""
      struct State {
        var count {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.count)
            return _count
          }
          set {
            let announcement = _$observationRegistrar.willSet(self, keyPath: \.count, _count, newValue, _$isIdentityEqual, shouldNotifyObservers)
            _count = newValue
            _$observationRegistrar.didSet(self, keyPath: \.count, announcement)
          }
          _modify {
            ComposableCore._$willModify(&_count)
            let identity = _$modifiedIdentity(of: _count)
            defer {
              _$observationRegistrar.didModify(self, keyPath: \.count, from: identity, to: _$modifiedIdentity(of: _count))
            }
            yield &_count
          }
        }

        private var _count = 0
        @Presents
        var alert: AlertState<Action.Alert>?
        @Shared
        var shared: Int
        var cache = 0
        let id: Int

        var _$observationRegistrar = ComposableCore.ObservationStateRegistrar()

        public var _$id: ComposableCore.ObservableStateID {
          _$observationRegistrar.id
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        public static func _$accessor(for keyPath: AnyKeyPath) -> Any? {
          switch keyPath {
          case \Self.count:
            return ComposableCore._StateAccessor<Self, _>(get: {
                $0.count
              }, peek: {
                $0._count
              }, set: {
                $0.count = $1
              }, modify: {
                $1(&$0.count)
              })
          case \Self.alert:
            return ComposableCore._StateAccessor<Self, _>(get: {
                $0.alert
              }, peek: {
                $0._alert.wrappedValue
              }, set: {
                $0.alert = $1
              }, modify: {
                $1(&$0.alert)
              })
          case \Self.$alert:
            return ComposableCore._StateAccessor<Self, _>(get: {
                $0.$alert
              }, peek: {
                $0._alert
              }, set: {
                $0.$alert = $1
              }, modify: {
                $1(&$0.$alert)
              })
          default:
            return nil
          }
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu_>(_ lhs: __macro_local_6MemberfMu_, _ rhs: __macro_local_6MemberfMu_) -> Bool {
          true
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu0_: Equatable>(_ lhs: __macro_local_6MemberfMu0_, _ rhs: __macro_local_6MemberfMu0_) -> Bool {
          lhs != rhs
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu1_: AnyObject>(_ lhs: __macro_local_6MemberfMu1_, _ rhs: __macro_local_6MemberfMu1_) -> Bool {
          lhs !== rhs
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu2_: Equatable & AnyObject>(_ lhs: __macro_local_6MemberfMu2_, _ rhs: __macro_local_6MemberfMu2_) -> Bool {
          lhs != rhs
        }
      }
      """#
    }
  }

  @Test func swiftsObservationAttributesAreRefusedWithAFix() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @ObservationIgnored var scratch = ""
      }
      """
    } diagnostics: {
      """
      @ObservableState
      struct State {
        @ObservationIgnored var scratch = ""
        ┬──────────────────
        ╰─ 🛑 '@ObservationIgnored' cannot be used in '@ObservableState'
           ✏️ Use '@ObservationStateIgnored' instead
      }
      """
    } fixes: {
      """
      @ObservableState
      struct State {
        @ObservationStateIgnored var scratch = ""
      }
      """
    } expansion: {
      """
      struct State {
        var scratch = ""

        var _$observationRegistrar = ComposableCore.ObservationStateRegistrar()

        public var _$id: ComposableCore.ObservableStateID {
          _$observationRegistrar.id
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu_>(_ lhs: __macro_local_6MemberfMu_, _ rhs: __macro_local_6MemberfMu_) -> Bool {
          true
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu0_: Equatable>(_ lhs: __macro_local_6MemberfMu0_, _ rhs: __macro_local_6MemberfMu0_) -> Bool {
          lhs != rhs
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu1_: AnyObject>(_ lhs: __macro_local_6MemberfMu1_, _ rhs: __macro_local_6MemberfMu1_) -> Bool {
          lhs !== rhs
        }

        private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu2_: Equatable & AnyObject>(_ lhs: __macro_local_6MemberfMu2_, _ rhs: __macro_local_6MemberfMu2_) -> Bool {
          lhs != rhs
        }
      }
      """
    }
  }

  @Test func aClassIsRefused() {
    assertMacro {
      """
      @ObservableState
      class Model {
        var count = 0
      }
      """
    } diagnostics: {
      """
      @ObservableState
      ┬───────────────
      ╰─ 🛑 '@ObservableState' cannot be applied to class type 'Model'
      class Model {
        var count = 0
      }
      """
    }
  }
}
