/// The Damerau–Levenshtein distance (with adjacent transpositions) between two words.
func editDistance(_ lhs: String, _ rhs: String) -> Int {
  let a = Array(lhs)
  let b = Array(rhs)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previousPrevious = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        current[j] = min(current[j], previousPrevious[j - 2] + 1)
      }
    }
    (previousPrevious, previous, current) = (previous, current, previousPrevious)
  }
  return previous[b.count]
}
