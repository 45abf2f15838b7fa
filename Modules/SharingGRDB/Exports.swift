// sharing-grdb's one import line brings GRDB, the dependencies and the shared-state types with it.
@_exported import Dependencies
@_exported import GRDB
@_exported import Sharing
