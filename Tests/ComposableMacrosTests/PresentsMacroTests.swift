import ComposableMacroExpansions
import MacroTesting
import Testing

@Suite(.macros(["Presents": PresentsMacro.self]))
struct PresentsMacroTests {
  @Test func anOptionalBecomesObservedAccessorsOverPresentationState() {
    assertMacro {
      """
      struct State {
        @Presents var destination: Destination.State?
      }
      """
    } expansion: {
      #"""
      struct State {
        var destination: Destination.State? {
          @storageRestrictions(initializes: _destination)
          init(initialValue) {
            _destination = PresentationState(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.destination)
            return _destination.wrappedValue
          }
          set {
            let announcement = _$observationRegistrar.willSet(self, keyPath: \.destination, _destination.wrappedValue, newValue, _$isIdentityEqual)
            _destination.wrappedValue = newValue
            _$observationRegistrar.didSet(self, keyPath: \.destination, announcement)
          }
          _modify {
            let identity = _$modifiedIdentity(of: _destination.wrappedValue)
            defer {
              _$observationRegistrar.didModify(self, keyPath: \.destination, from: identity, to: _$modifiedIdentity(of: _destination.wrappedValue))
            }
            yield &_destination.wrappedValue
          }
        }

        var $destination: ComposableCore.PresentationState<Destination.State> {
          get {
            _$observationRegistrar.access(self, keyPath: \.destination)
            return _destination.projectedValue
          }
          set {
            let announcement = _$observationRegistrar.willSet(self, keyPath: \.destination, _destination.projectedValue, newValue, _$isIdentityEqual)
            _destination.projectedValue = newValue
            _$observationRegistrar.didSet(self, keyPath: \.destination, announcement)
          }
          _modify {
            let identity = _$modifiedIdentity(of: _destination.projectedValue)
            defer {
              _$observationRegistrar.didModify(self, keyPath: \.destination, from: identity, to: _$modifiedIdentity(of: _destination.projectedValue))
            }
            yield &_destination.projectedValue
          }
        }

        @ObservationStateIgnored private var _destination = ComposableCore.PresentationState<Destination.State>(wrappedValue: nil)
      }
      """#
    }
  }

  @Test func accessAndInitialValueAreKept() {
    assertMacro {
      """
      public struct State {
        @Presents public var alert: AlertState<Action.Alert>? = AlertState { TextState("Hi") }
      }
      """
    } expansion: {
      #"""
      public struct State {
        public var alert: AlertState<Action.Alert>? {
          @storageRestrictions(initializes: _alert)
          init(initialValue) {
            _alert = PresentationState(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.alert)
            return _alert.wrappedValue
          }
          set {
            let announcement = _$observationRegistrar.willSet(self, keyPath: \.alert, _alert.wrappedValue, newValue, _$isIdentityEqual)
            _alert.wrappedValue = newValue
            _$observationRegistrar.didSet(self, keyPath: \.alert, announcement)
          }
          _modify {
            let identity = _$modifiedIdentity(of: _alert.wrappedValue)
            defer {
              _$observationRegistrar.didModify(self, keyPath: \.alert, from: identity, to: _$modifiedIdentity(of: _alert.wrappedValue))
            }
            yield &_alert.wrappedValue
          }
        }

        public var $alert: ComposableCore.PresentationState<AlertState<Action.Alert>> {
          get {
            _$observationRegistrar.access(self, keyPath: \.alert)
            return _alert.projectedValue
          }
          set {
            let announcement = _$observationRegistrar.willSet(self, keyPath: \.alert, _alert.projectedValue, newValue, _$isIdentityEqual)
            _alert.projectedValue = newValue
            _$observationRegistrar.didSet(self, keyPath: \.alert, announcement)
          }
          _modify {
            let identity = _$modifiedIdentity(of: _alert.projectedValue)
            defer {
              _$observationRegistrar.didModify(self, keyPath: \.alert, from: identity, to: _$modifiedIdentity(of: _alert.projectedValue))
            }
            yield &_alert.projectedValue
          }
        }

        @ObservationStateIgnored private var _alert = ComposableCore.PresentationState<AlertState<Action.Alert>>(wrappedValue: AlertState {
            TextState("Hi")
          })
      }
      """#
    }
  }

  @Test func aNonOptionalIsRefused() {
    assertMacro {
      """
      struct State {
        @Presents var destination: Destination.State
      }
      """
    } diagnostics: {
      """
      struct State {
        @Presents var destination: Destination.State
        ┬───────────────────────────────────────────
        ╰─ 🛑 '@Presents' must be applied to an optional: 'var destination: State?'
      }
      """
    }
  }
}
