import Persistence

// Names TCA has retired but still declares, with its attributes, so that code written against an
// older TCA meets the same deprecation or renaming here.

/// The live file storage, under its name before TCA 1.10.
@available(*, deprecated, message: "Use '.fileSystem' ('FileStorage.fileSystem') instead")
public func LiveFileStorage() -> FileStorage { .fileSystem }

/// A file storage in memory, under its name before TCA 1.10.
@available(*, deprecated, message: "Use '.inMemory' ('FileStorage.inMemory') instead")
public func InMemoryFileStorage() -> FileStorage { .inMemory }

/// ``Effect``, under its name before TCA 1.0.
@available(*, unavailable, renamed: "Effect")
public typealias EffectTask = Effect

/// ``Reducer``, under its name before TCA 1.0.
@available(*, unavailable, renamed: "Reducer")
public typealias ReducerProtocol = Reducer

/// ``ReducerOf``, under its name before TCA 1.0.
@available(*, unavailable, renamed: "ReducerOf")
public typealias ReducerProtocolOf<R: Reducer> = Reducer<R.State, R.Action>
