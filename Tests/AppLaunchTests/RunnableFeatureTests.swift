import Dependencies
import Testing

@testable import AppLaunch

/// What the executable opens by name: the whole app, or one feature alone, as a session
/// file's header names it.
struct RunnableFeatureTests {
  @Test func everyNameOpensTheFeatureItNames() {
    #expect(RunnableFeature.names == ["app", "counter", "fact", "settings", "todos"])
    for name in RunnableFeature.names {
      #expect(RunnableFeature(name: name)?.name == name)
    }
    #expect(RunnableFeature(name: "app") == .app)
    #expect(RunnableFeature(name: "todos") == .preview(.todos))
  }

  @Test func aNameNoFeatureHasOpensNothing() {
    #expect(RunnableFeature(name: "Counter") == nil)
    #expect(RunnableFeature(name: "") == nil)
    #expect(RunnableFeature(name: "preview") == nil)
  }

  @Test func aFeatureAloneIsAPreview() {
    #expect(!RunnableFeature.app.isPreview)
    for feature in FeaturePreview.allCases {
      #expect(RunnableFeature.preview(feature).isPreview)
    }
  }

  @Test func onlyTheAppAndTheTodosOpenTheDatabase() {
    #expect(RunnableFeature.app.showsTodos)
    #expect(RunnableFeature.preview(.todos).showsTodos)
    #expect(!RunnableFeature.preview(.counter).showsTodos)
    #expect(!RunnableFeature.preview(.fact).showsTodos)
    #expect(!RunnableFeature.preview(.settings).showsTodos)
  }

  @Test func aFeatureAloneRunsInThePreviewContextAndTheAppInItsOwn() {
    var values = DependencyValues()
    values.context = .test
    RunnableFeature.app.setContext(in: &values)
    #expect(values.context == .test)
    RunnableFeature.preview(.counter).setContext(in: &values)
    #expect(values.context == .preview)
  }

  @Test func eachBannerSaysWhatRuns() {
    #expect(RunnableFeature.app.banner == "Counter, number facts, todos and settings. Type help for the commands.")
    #expect(RunnableFeature.preview(.fact).banner == "Previewing fact alone. Type help for its commands.")
  }
}
