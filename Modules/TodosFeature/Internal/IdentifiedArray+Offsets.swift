import Foundation
import IdentifiedCollections

extension IdentifiedArray {
  /// The ids of the elements at `offsets`, skipping offsets past the end.
  func ids(atOffsets offsets: IndexSet) -> [ID] {
    offsets.filter(ids.indices.contains).map { ids[$0] }
  }

  /// Translates a destination offset in `shown`, a filtered view of this array, to an offset in
  /// this array: before the shown element at `offset`, or just after the last shown element when
  /// `offset` is past the end. `nil` when nothing is shown.
  func offset(for offset: Int, in shown: Self) -> Int? {
    if shown.ids.indices.contains(offset) {
      return index(id: shown.ids[offset])
    }
    guard let last = shown.ids.last, let index = index(id: last) else { return nil }
    return index + 1
  }
}
