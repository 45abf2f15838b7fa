import Foundation

#if !canImport(Darwin)
  extension URL {
    /// The user's documents directory, as Apple's Foundation names it: where swift-sharing's
    /// examples keep a file (`.fileStorage(.documentsDirectory.appending(component: "users.json"))`).
    ///
    /// The Foundation of Linux has `URL.homeDirectory` but not this; here it is the directory
    /// `FileManager` gives for `.documentDirectory` (`~/Documents`). Disfavoured, so that a
    /// Foundation that declares it wins.
    @_disfavoredOverload
    public static var documentsDirectory: URL {
      FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    }
  }
#endif
