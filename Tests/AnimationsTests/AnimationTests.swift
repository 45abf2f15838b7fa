import Animations
import Testing

struct AnimationTests {
  @Test func animationsCompareByCurveAndModifiers() {
    #expect(Animation.default == .default)
    #expect(Animation.linear == .linear)
    #expect(Animation.linear != .easeIn)
    #expect(Animation.linear(duration: 1) != .linear(duration: 2))
    #expect(Animation.easeInOut(duration: 1) == .easeInOut(duration: 1))
    #expect(Animation.default.delay(1) != .default)
    #expect(Animation.default.delay(1) == .default.delay(1))
    #expect(Animation.default.speed(2) != .default.delay(2))
    #expect(Animation.default.repeatForever() != .default.repeatForever(autoreverses: false))
    #expect(
      Animation.interpolatingSpring(stiffness: 200, damping: 10)
        != .interpolatingSpring(stiffness: 200, damping: 20)
    )
    #expect(Animation.spring() == .spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0))
    #expect(Animation.bouncy != .smooth)
    #expect(Animation.snappy == .snappy(duration: 0.5, extraBounce: 0))
  }

  @Test func aTransactionCarriesItsAnimation() {
    var transaction = Transaction(animation: .easeOut)
    #expect(transaction.animation == .easeOut)
    #expect(!transaction.disablesAnimations)
    transaction.disablesAnimations = true
    #expect(transaction.disablesAnimations)
    #expect(Transaction().animation == nil)
  }

  @Test func withAnimationAndWithTransactionRunTheirBodyOnceAndReturnItsValue() throws {
    var runs = 0
    let value = withAnimation(.linear) {
      runs += 1
      return 42
    }
    #expect(value == 42)
    #expect(withTransaction(Transaction(animation: nil)) { runs += 1; return "done" } == "done")
    #expect(runs == 2)
    struct Failure: Error {}
    #expect(throws: Failure.self) { try withAnimation { throw Failure() } }
  }
}
