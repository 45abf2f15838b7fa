/// The enum of stores a ``CaseReducer`` generates as its `CaseScope`.
public protocol _CaseScopeProtocol {}
