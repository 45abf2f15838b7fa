import Foundation

/// How SwiftUI would animate a change, as a value: the curve and what modifies it.
///
/// A feature brought over from TCA names animations where it sends actions
/// (`await send(.tick, animation: .default)`, `ButtonState(action: .send(.ok, animation: .easeIn))`).
/// Off Apple platforms there is nothing to animate, so an animation here is inert: the action is
/// sent exactly as it would be without one. It exists so that such code compiles unchanged, and
/// it is `Equatable`, as SwiftUI's is, so that two alerts holding buttons with animations compare
/// as they do there.
public struct Animation: Hashable, Sendable {
  let curve: Curve
  let modifiers: [Modifier]

  init(_ curve: Curve, modifiers: [Modifier] = []) {
    self.curve = curve
    self.modifiers = modifiers
  }

  /// The shape of an animation's progress over time.
  enum Curve: Hashable, Sendable {
    case `default`
    case timing(TimingCurve, duration: TimeInterval)
    case bezier(Double, Double, Double, Double, duration: TimeInterval)
    case spring(response: Double, dampingFraction: Double, blendDuration: TimeInterval)
    case perceptualSpring(duration: TimeInterval, bounce: Double, blendDuration: Double)
    case interpolatingSpring(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
    case perceptualInterpolatingSpring(duration: TimeInterval, bounce: Double, initialVelocity: Double)
    case preset(Preset, duration: TimeInterval, extraBounce: Double)
  }

  /// The named timing curves.
  enum TimingCurve: Hashable, Sendable {
    case linear, easeIn, easeOut, easeInOut
  }

  /// The named springs of iOS 17.
  enum Preset: Hashable, Sendable {
    case bouncy, smooth, snappy
  }

  /// A change to when or how often an animation runs.
  enum Modifier: Hashable, Sendable {
    case delay(TimeInterval)
    case speed(Double)
    case repeatCount(Int, autoreverses: Bool)
    case repeatForever(autoreverses: Bool)
  }

  func adding(_ modifier: Modifier) -> Self {
    Self(curve, modifiers: modifiers + [modifier])
  }
}

extension Animation {
  /// The animation SwiftUI uses when none is named.
  public static let `default` = Self(.default)

  /// A constant speed over 0.35 seconds.
  public static var linear: Self { linear(duration: 0.35) }

  /// A constant speed over `duration` seconds.
  public static func linear(duration: TimeInterval) -> Self {
    Self(.timing(.linear, duration: duration))
  }

  /// Slow at the start, over 0.35 seconds.
  public static var easeIn: Self { easeIn(duration: 0.35) }

  /// Slow at the start, over `duration` seconds.
  public static func easeIn(duration: TimeInterval) -> Self {
    Self(.timing(.easeIn, duration: duration))
  }

  /// Slow at the end, over 0.35 seconds.
  public static var easeOut: Self { easeOut(duration: 0.35) }

  /// Slow at the end, over `duration` seconds.
  public static func easeOut(duration: TimeInterval) -> Self {
    Self(.timing(.easeOut, duration: duration))
  }

  /// Slow at the start and at the end, over 0.35 seconds.
  public static var easeInOut: Self { easeInOut(duration: 0.35) }

  /// Slow at the start and at the end, over `duration` seconds.
  public static func easeInOut(duration: TimeInterval) -> Self {
    Self(.timing(.easeInOut, duration: duration))
  }

  /// A cubic Bézier timing curve through the two control points given, over `duration` seconds.
  public static func timingCurve(
    _ c0x: Double,
    _ c0y: Double,
    _ c1x: Double,
    _ c1y: Double,
    duration: TimeInterval = 0.35
  ) -> Self {
    Self(.bezier(c0x, c0y, c1x, c1y, duration: duration))
  }
}
