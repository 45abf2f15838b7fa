import Foundation

extension Animation {
  /// A spring of half a second with no bounce.
  public static var spring: Self { spring(duration: 0.5, bounce: 0) }

  /// A spring described by its response, its damping and how long it blends with the one before.
  public static func spring(
    response: Double = 0.5,
    dampingFraction: Double = 0.825,
    blendDuration: TimeInterval = 0
  ) -> Self {
    Self(.spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
  }

  /// A spring described by how long it lasts and how much it bounces.
  @_disfavoredOverload
  public static func spring(
    duration: TimeInterval = 0.5,
    bounce: Double = 0,
    blendDuration: Double = 0
  ) -> Self {
    Self(.perceptualSpring(duration: duration, bounce: bounce, blendDuration: blendDuration))
  }

  /// A quick spring with little bounce, as for following a gesture.
  public static var interactiveSpring: Self { interactiveSpring() }

  /// A quick spring, as for following a gesture.
  public static func interactiveSpring(
    response: Double = 0.15,
    dampingFraction: Double = 0.86,
    blendDuration: TimeInterval = 0.25
  ) -> Self {
    Self(.spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
  }

  /// A spring of half a second with no bounce that keeps the velocity of the one before.
  public static var interpolatingSpring: Self { interpolatingSpring(duration: 0.5, bounce: 0) }

  /// A spring described by its physics: mass, stiffness, damping and initial velocity.
  public static func interpolatingSpring(
    mass: Double = 1.0,
    stiffness: Double,
    damping: Double,
    initialVelocity: Double = 0.0
  ) -> Self {
    Self(.interpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity))
  }

  /// A spring that keeps the velocity of the one before, described by how long it lasts and how
  /// much it bounces.
  public static func interpolatingSpring(
    duration: TimeInterval = 0.5,
    bounce: Double = 0.0,
    initialVelocity: Double = 0.0
  ) -> Self {
    Self(.perceptualInterpolatingSpring(duration: duration, bounce: bounce, initialVelocity: initialVelocity))
  }

  /// A spring with a noticeable bounce.
  public static var bouncy: Self { bouncy() }

  /// A spring with a noticeable bounce, lasting `duration`, bouncing `extraBounce` more.
  public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Self {
    Self(.preset(.bouncy, duration: duration, extraBounce: extraBounce))
  }

  /// A spring with no bounce.
  public static var smooth: Self { smooth() }

  /// A spring with no bounce, lasting `duration`, bouncing `extraBounce` more.
  public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Self {
    Self(.preset(.smooth, duration: duration, extraBounce: extraBounce))
  }

  /// A spring with a small bounce that settles quickly.
  public static var snappy: Self { snappy() }

  /// A spring with a small bounce that settles quickly, lasting `duration`, bouncing
  /// `extraBounce` more.
  public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Self {
    Self(.preset(.snappy, duration: duration, extraBounce: extraBounce))
  }
}

extension Animation {
  /// This animation, started `delay` seconds later.
  public func delay(_ delay: TimeInterval) -> Self {
    adding(.delay(delay))
  }

  /// This animation, run `speed` times as fast.
  public func speed(_ speed: Double) -> Self {
    adding(.speed(speed))
  }

  /// This animation, run `repeatCount` times, reversing each time when `autoreverses` is set.
  public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Self {
    adding(.repeatCount(repeatCount, autoreverses: autoreverses))
  }

  /// This animation, run again and again, reversing each time when `autoreverses` is set.
  public func repeatForever(autoreverses: Bool = true) -> Self {
    adding(.repeatForever(autoreverses: autoreverses))
  }
}
