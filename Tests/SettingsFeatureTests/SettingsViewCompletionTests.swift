import ComposableTestSupport
import Persistence
import SettingsFeature
import TerminalUI
import Testing

/// What Tab offers after `set`: the settings' names and `reset`, then the named setting's values.
struct SettingsViewCompletionTests {
  let view = SettingsView()

  @Test func setOffersTheNamesThenTheValuesOfTheSettingNamed() {
    #expect(completion("set ").candidates == ["fact-kind", "step", "color", "sort-completed", "reset"])
    #expect(completion("set s").candidates == ["step", "sort-completed"])
    #expect(completion("set fact-kind m").insertion == "ath ")
    #expect(completion("set color ").candidates == ["auto", "on", "off"])
    #expect(completion("set sort-completed o").candidates == ["on", "off"])
    // A number, an unknown name, or a value already given: nothing to offer.
    #expect(completion("set step ").candidates.isEmpty)
    #expect(completion("set colour ").candidates.isEmpty)
    #expect(completion("set color on ").candidates.isEmpty)
    #expect(completion("settings ").candidates.isEmpty)
  }

  private func completion(_ typed: String) -> CommandCompletion {
    let state = Settings.State()
    return CommandCompletion(typed: typed, commands: view.commands) { view.completions(for: $0, state: state) }
  }
}
