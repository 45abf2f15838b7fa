import CustomDump
import Foundation
import Testing

@testable import Sessions

/// A dump kept for an action is the dump the action would get: actions made of values alone are
/// kept, anything whose dump may change while its bytes do not is dumped every time.
@Suite struct ActionDumpsTests {
  enum Action {
    case tap
    case add(String)
    case element(id: UUID, action: Child)
    case object(Box)
    case list([Int])
    case shared(Shared)
  }

  enum Child: Equatable {
    case toggle
    case rename(String)
  }

  final class Box {
    var count = 0
  }

  struct Shared: CustomDumpRepresentable {
    let box: Box
    var customDumpValue: Any { box.count }
  }

  @Test func everyDumpIsTheActionsOwn() {
    var dumps = ActionDumps()
    let box = Box()
    let id = UUID()
    let long = String(repeating: "milk ", count: 20)
    for round in 0..<3 {
      box.count = round
      let actions: [Action] = [
        .tap, .add("milk"), .add(long), .add(long + "!"), .element(id: id, action: .toggle),
        .element(id: id, action: .rename("a")), .object(box), .list([round]), .shared(Shared(box: box)),
      ]
      for action in actions {
        #expect(dumps.dump(action) == String(customDumping: action))
      }
    }
  }

  @Test func onlyValuesAreKept() {
    #expect(ActionDumps.isMadeOfValues(Action.tap))
    #expect(ActionDumps.isMadeOfValues(Action.add("milk")))
    #expect(ActionDumps.isMadeOfValues(Action.element(id: UUID(), action: .rename("a"))))
    #expect(!ActionDumps.isMadeOfValues(Action.object(Box())))
    #expect(!ActionDumps.isMadeOfValues(Action.list([1])))
    #expect(!ActionDumps.isMadeOfValues(Action.shared(Shared(box: Box()))))
  }
}
