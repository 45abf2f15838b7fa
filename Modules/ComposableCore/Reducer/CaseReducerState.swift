/// The state enum of a ``CaseReducer``, which names its reducer: lets `ifLet(\.$destination,
/// action: \.destination)` find the reducer from the state alone.
public protocol CaseReducerState {
  /// The enum reducer whose state this is.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}
