import ComposableMacroExpansions
import MacroTesting
import Testing

/// `@ViewAction(for:)` expands as TCA's does (the conformance names this package's module) and
/// reports what TCA's reports, word for word.
@Suite(.macros(["ViewAction": ViewActionMacro.self]))
struct ViewActionMacroTests {
  @Test func aLetStoreGetsTheConformance() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        let store: StoreOf<Feature>
        var body: some View {
          EmptyView()
        }
      }
      """
    } expansion: {
      """
      struct FeatureView: View {
        let store: StoreOf<Feature>
        var body: some View {
          EmptyView()
        }
      }

      extension FeatureView: ComposableCore.ViewActionSending {
      }
      """
    }
  }

  @Test func aWrappedStoreGetsTheConformance() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        @State var store: StoreOf<Feature>
        var body: some View {
          EmptyView()
        }
      }
      """
    } expansion: {
      """
      struct FeatureView: View {
        @State var store: StoreOf<Feature>
        var body: some View {
          EmptyView()
        }
      }

      extension FeatureView: ComposableCore.ViewActionSending {
      }
      """
    }
  }

  @Test func aViewModelClassGetsTheConformance() {
    assertMacro {
      """
      @ViewAction(for: Login.self)
      final class LoginModel {
        var store: StoreOf<Login>
        init(store: StoreOf<Login>) {
          self.store = store
        }
      }
      """
    } expansion: {
      """
      final class LoginModel {
        var store: StoreOf<Login>
        init(store: StoreOf<Login>) {
          self.store = store
        }
      }

      extension LoginModel: ComposableCore.ViewActionSending {
      }
      """
    }
  }

  @Test func aTypeWithoutAStoreIsAnErrorWithAFixIt() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        var body: some View {
          EmptyView()
        }
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      ╰─ 🛑 '@ViewAction' requires 'FeatureView' to have a 'store' property of type 'Store'.
         ✏️ Add 'store'
      struct FeatureView: View {
        var body: some View {
          EmptyView()
        }
      }
      """
    } fixes: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        let store: StoreOf<Feature>

        var body: some View {
          EmptyView()
        }
      }
      """
    } expansion: {
      """
      struct FeatureView: View {
        let store: StoreOf<Feature>

        var body: some View {
          EmptyView()
        }
      }

      extension FeatureView: ComposableCore.ViewActionSending {
      }
      """
    }
  }

  @Test func aPublicTypeWithoutAStoreIsGivenAPublicOne() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      public struct FeatureView: View {
        public var body: some View {
          EmptyView()
        }
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      ╰─ 🛑 '@ViewAction' requires 'FeatureView' to have a 'store' property of type 'Store'.
         ✏️ Add 'store'
      public struct FeatureView: View {
        public var body: some View {
          EmptyView()
        }
      }
      """
    } fixes: {
      """
      @ViewAction(for: Feature.self)
      public struct FeatureView: View {
        public let store: StoreOf<Feature>

        public var body: some View {
          EmptyView()
        }
      }
      """
    } expansion: {
      """
      public struct FeatureView: View {
        public let store: StoreOf<Feature>

        public var body: some View {
          EmptyView()
        }
      }

      extension FeatureView: ComposableCore.ViewActionSending {
      }
      """
    }
  }

  @Test func aPackageTypeWithoutAStoreIsGivenAPackageOne() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      package struct FeatureView: View {
        package var body: some View {
          EmptyView()
        }
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      ╰─ 🛑 '@ViewAction' requires 'FeatureView' to have a 'store' property of type 'Store'.
         ✏️ Add 'store'
      package struct FeatureView: View {
        package var body: some View {
          EmptyView()
        }
      }
      """
    } fixes: {
      """
      @ViewAction(for: Feature.self)
      package struct FeatureView: View {
        package let store: StoreOf<Feature>

        package var body: some View {
          EmptyView()
        }
      }
      """
    } expansion: {
      """
      package struct FeatureView: View {
        package let store: StoreOf<Feature>

        package var body: some View {
          EmptyView()
        }
      }

      extension FeatureView: ComposableCore.ViewActionSending {
      }
      """
    }
  }

  @Test func storeSendIsWarnedOf() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        var store: StoreOf<Feature>
        var body: some View {
          Button("Tap") { store.send(.tap) }
        }
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        var store: StoreOf<Feature>
        var body: some View {
          Button("Tap") { store.send(.tap) }
                          ┬───────────────
                          ╰─ ⚠️ Do not use 'store.send' directly when using '@ViewAction'
        }
      }
      """
    } expansion: {
      """
      struct FeatureView: View {
        var store: StoreOf<Feature>
        var body: some View {
          Button("Tap") { store.send(.tap) }
        }
      }

      extension FeatureView: ComposableCore.ViewActionSending {
      }
      """
    }
  }

  @Test func selfStoreSendIsWarnedOf() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        var store: StoreOf<Feature>
        var body: some View {
          Button("Tap") { self.store.send(.tap) }
        }
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        var store: StoreOf<Feature>
        var body: some View {
          Button("Tap") { self.store.send(.tap) }
                          ┬────────────────────
                          ╰─ ⚠️ Do not use 'store.send' directly when using '@ViewAction'
        }
      }
      """
    } expansion: {
      """
      struct FeatureView: View {
        var store: StoreOf<Feature>
        var body: some View {
          Button("Tap") { self.store.send(.tap) }
        }
      }

      extension FeatureView: ComposableCore.ViewActionSending {
      }
      """
    }
  }

  @Test func storeSendOfAViewActionHasAFixIt() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        var store: StoreOf<Feature>
        var body: some View {
          Button("Tap") { store.send(.view(.tap)) }
        }
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        var store: StoreOf<Feature>
        var body: some View {
          Button("Tap") { store.send(.view(.tap)) }
                          ┬──────────────────────
                          ╰─ ⚠️ Do not use 'store.send' directly when using '@ViewAction'
                             ✏️ Call 'send' directly with a view action
        }
      }
      """
    } fixes: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        var store: StoreOf<Feature>
        var body: some View {
          Button("Tap") { send(.tap) }
        }
      }
      """
    } expansion: {
      """
      struct FeatureView: View {
        var store: StoreOf<Feature>
        var body: some View {
          Button("Tap") { send(.tap) }
        }
      }

      extension FeatureView: ComposableCore.ViewActionSending {
      }
      """
    }
  }

  @Test func selfStoreSendOfAViewActionHasAFixIt() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        var store: StoreOf<Feature>
        var body: some View {
          Button("Tap") { self.store.send(.view(.tap)) }
        }
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        var store: StoreOf<Feature>
        var body: some View {
          Button("Tap") { self.store.send(.view(.tap)) }
                          ┬───────────────────────────
                          ╰─ ⚠️ Do not use 'store.send' directly when using '@ViewAction'
                             ✏️ Call 'send' directly with a view action
        }
      }
      """
    } fixes: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        var store: StoreOf<Feature>
        var body: some View {
          Button("Tap") { self.send(.tap) }
        }
      }
      """
    } expansion: {
      """
      struct FeatureView: View {
        var store: StoreOf<Feature>
        var body: some View {
          Button("Tap") { self.send(.tap) }
        }
      }

      extension FeatureView: ComposableCore.ViewActionSending {
      }
      """
    }
  }

  @Test func availabilityIsRepeatedOnTheExtension() {
    assertMacro {
      """
      @available(iOS 17, macOS 14, tvOS 17, visionOS 1, watchOS 10, *)
      @ViewAction(for: Feature.self)
      struct FeatureView: View {
        @State var store: StoreOf<Feature>
        var body: some View {
          EmptyView()
        }
      }
      """
    } expansion: {
      """
      @available(iOS 17, macOS 14, tvOS 17, visionOS 1, watchOS 10, *)
      struct FeatureView: View {
        @State var store: StoreOf<Feature>
        var body: some View {
          EmptyView()
        }
      }

      @available(iOS 17, macOS 14, tvOS 17, visionOS 1, watchOS 10, *)
      extension FeatureView: ComposableCore.ViewActionSending {
      }
      """
    }
  }
}
