// A feature's tests import `ComposableTestSupport` and the feature: the core comes with it.
@_exported import ComposableCore
