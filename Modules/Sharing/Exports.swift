// `import Sharing`, as a swift-sharing user writes it: `@Shared`, `@SharedReader`, their keys
// and the rest of the persistence module, with the dependencies library it is built on.
@_exported import Dependencies
@_exported import Persistence
