import Foundation

/// A type's name as a reader writes it: no module prefixes, `Int?` for an optional, `[Int]` for an
/// array, `[String: Int]` for a dictionary — `Shared<[Todo]>`, not `Persistence.Shared<Swift.Array<…>>`.
package func typeName(_ type: Any.Type) -> String {
  var name = _typeName(type, qualified: true)
    .replacingOccurrences(of: #"\(unknown context at \$[0-9a-fA-F]+\)\."#, with: "", options: .regularExpression)
  let sugar: [(pattern: String, template: String)] = [
    (#"Swift\.Optional<([^<>]+)>"#, "$1?"),
    (#"Swift\.Array<([^<>]+)>"#, "[$1]"),
    (#"Swift\.Dictionary<([^<>,]+), ([^<>]+)>"#, "[$1: $2]"),
  ]
  // NB: innermost generics first; each pass sugars one more level.
  while true {
    let sugared = sugar.reduce(name) {
      $0.replacingOccurrences(of: $1.pattern, with: $1.template, options: .regularExpression)
    }
    if sugared == name { break }
    name = sugared
  }
  return name.replacingOccurrences(of: #"\b[A-Za-z_][A-Za-z0-9_]*\.([A-Za-z_][A-Za-z0-9_.]*)"#, with: "$1", options: .regularExpression)
}
