extension Duration {
  /// Seconds, as TCA prints them: "1.0".
  var secondsDescription: String {
    let (seconds, attoseconds) = components
    return "\(Double(seconds) + Double(attoseconds) / 1e18)"
  }
}
