import CasePaths
import CustomDump

/// A key path that is `Sendable`: what a ``BindingAction`` holds.
public typealias _SendablePartialKeyPath<Root> = PartialKeyPath<Root> & Sendable

/// A writable key path that is `Sendable`, as key path literals of value types are.
public typealias _SendableWritableKeyPath<Root, Value> = WritableKeyPath<Root, Value> & Sendable

/// An action that sets one field of state: `.set(\.isOn, true)`.
///
/// A feature whose action conforms to ``BindableAction`` and whose body runs
/// ``BindingReducer`` has every such action applied for it, so a front end can change simple
/// fields without an action per field. Match one in a reducer with `case .binding(\.isOn):`,
/// and in a test with `store.receive(\.binding.isOn)`.
public struct BindingAction<Root>: CasePathable, Equatable, Sendable {
  /// The field this action sets.
  public let keyPath: _SendablePartialKeyPath<Root>
  let write: any BindingWrite<Root>

  /// The value this action sets.
  var value: any Sendable { write.value }

  init(keyPath: _SendablePartialKeyPath<Root>, write: any BindingWrite<Root>) {
    self.keyPath = keyPath
    self.write = write
  }

  /// Sets the field in `root`.
  @usableFromInline
  func set(_ root: inout Root) {
    write.apply(to: &root)
  }

  /// Two binding actions are equal when they set the same field to equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.write.holds(rhs.value)
  }

  /// The case paths of a binding action: one per field of the state, `\.isOn`.
  public static var allCasePaths: AllCasePaths {
    AllCasePaths()
  }

  /// A case path per field of the state, so `\.binding.isOn` matches `.binding(.set(\.isOn, _))`.
  @dynamicMemberLookup
  public struct AllCasePaths {
    /// The case path of the binding action that sets the field at `keyPath`.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value>
    ) -> AnyCasePath<BindingAction, Value> where Root: ObservableState {
      // NB: A dynamic member's key path is not typed `Sendable`; one into value state is.
      let field = FieldCase<Root, Value>(
        keyPath: unsafeBitCast(keyPath, to: _SendableWritableKeyPath<Root, Value>.self)
      )
      return AnyCasePath(embed: field.embed, extract: field.extract)
    }
  }
}

extension BindingAction where Root: ObservableState {
  /// An action that sets the field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: _SendableWritableKeyPath<Root, Value>,
    _ value: Value
  ) -> Self {
    Self(keyPath: keyPath, write: FieldWrite(keyPath: keyPath, value: value))
  }
}

extension BindingAction {
  /// Matches a binding action by the field it sets: `case .binding(\.displayName):`.
  @_disfavoredOverload
  public static func ~= <Value>(
    keyPath: _SendableWritableKeyPath<Root, Value>,
    bindingAction: Self
  ) -> Bool {
    keyPath == bindingAction.keyPath
  }
}

extension BindingAction: CustomDumpStringConvertible {
  /// The action as TCA dumps it: `.set(\State.isOn, true)`.
  public var customDumpDescription: String {
    var description = ".set("
    customDump(keyPath, to: &description, maxDepth: 0)
    description.append(", ")
    customDump(value, to: &description, maxDepth: 0)
    description.append(")")
    return description
  }
}
