import AppLaunch
import ArgumentParser

// NB: The parser names the features from their raw values: counter, fact, settings, todos.
extension FeaturePreview: ExpressibleByArgument {}
