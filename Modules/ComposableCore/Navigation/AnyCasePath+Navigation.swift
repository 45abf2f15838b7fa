import CasePaths
import IssueReporting

// NB: The subscripts TCA had before case key paths, deprecated there since 1.4 and here with its
//     message: a test written then, `$0.destination[case: /Destination.State.edit]`, still runs.

extension PresentationState {
  /// The presented state in one case of enum state, named by a case path: `nil` when it is in
  /// another case or nothing is presented. Setting it while the state is in another case is
  /// reported and changes nothing.
  @available(
    *,
    deprecated,
    message:
      "Use the version of this subscript with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public subscript<Case>(
    case path: AnyCasePath<State, Case>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Case? {
    get { wrappedValue.flatMap(path.extract) }
    set {
      guard let current = wrappedValue, path.extract(from: current) != nil else {
        reportUnrelatedCase(wrappedValue, fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      wrappedValue = newValue.map(path.embed)
    }
  }
}

extension StackState {
  /// The state of the element `id` in one case of enum state, named by a case path: `nil` when
  /// it is in another case or there is no such element. Setting it while the element is in
  /// another case is reported and changes nothing.
  @available(
    *,
    deprecated,
    message:
      "Use the version of this subscript with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public subscript<Case>(
    id id: StackElementID,
    case path: AnyCasePath<Element, Case>,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Case? {
    get { self[id: id].flatMap(path.extract) }
    set {
      guard let current = self[id: id], path.extract(from: current) != nil else {
        reportUnrelatedCase(self[id: id], fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      self[id: id] = newValue.map(path.embed)
    }
  }
}

/// Reports a write through a case path to state that is in another case (or absent).
private func reportUnrelatedCase<Root>(
  _ value: Root?,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) {
  let name = value.flatMap { caseName(of: $0) }
  reportIssue(
    "Can't modify unrelated case\(name.map { " \($0.debugDescription)" } ?? "")",
    fileID: fileID,
    filePath: filePath,
    line: line,
    column: column
  )
}
