/// The last two reasons TCA gives when a child action arrives while the parent's state is in
/// another case, shared by `Scope` and `ifCaseLet`, word for word.
let otherCaseAdvice = """
  An in-flight effect emitted this action when child state was unavailable. While it may \
  be perfectly reasonable to ignore this action, consider canceling the associated effect \
  before child state changes to another case, especially if it is a long-living effect.

  This action was sent to the store while state was another case. Make sure that actions \
  for this reducer can only be sent from a store when state is set to the appropriate \
  case. In SwiftUI applications, use "SwitchStore".
  """
