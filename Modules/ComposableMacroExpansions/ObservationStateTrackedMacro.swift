import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ObservationStateTracked`: turns a stored property of observable state into accessors
/// that report reads and announce changes, over a private `_name` storage.
public enum ObservationStateTrackedMacro {
  /// Whether the property is one this macro rewrites.
  static func isTracked(_ property: VariableDeclSyntax) -> Bool {
    property.isStoredInstanceVariable
      && !property.hasAttribute(Names.ignored)
      && !property.hasAttribute(Names.presentationState)
      && !Names.observedWrappers.contains(where: property.hasAttribute)
  }
}

extension ObservationStateTrackedMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self), isTracked(property),
      let name = property.identifier?.trimmed
    else { return [] }
    let registrar = Names.registrar
    return [
      """
      @storageRestrictions(initializes: _\(name))
      init(initialValue) {
        _\(name) = initialValue
      }
      """,
      """
      get {
        \(raw: registrar).access(self, keyPath: \\.\(name))
        return _\(name)
      }
      """,
      """
      set {
        let announcement = \(raw: registrar).willSet(self, keyPath: \\.\(name), _\(name), newValue, _$isIdentityEqual, shouldNotifyObservers)
        _\(name) = newValue
        \(raw: registrar).didSet(self, keyPath: \\.\(name), announcement)
      }
      """,
      """
      _modify {
        \(raw: Names.module)._$willModify(&_\(name))
        let identity = _$modifiedIdentity(of: _\(name))
        defer {
          \(raw: registrar).didModify(self, keyPath: \\.\(name), from: identity, to: _$modifiedIdentity(of: _\(name)))
        }
        yield &_\(name)
      }
      """,
    ]
  }
}

extension ObservationStateTrackedMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self), isTracked(property),
      let binding = property.bindings.first,
      let name = property.identifier?.trimmed
    else { return [] }
    let storage = property
      .with(\.attributes, property.attributes.removing([Names.tracked]).trimmed)
      .with(\.modifiers, property.privateModifiers)
      .with(\.bindingSpecifier, .keyword(.var, trailingTrivia: .space))
      .with(
        \.bindings,
        [
          binding
            .with(\.pattern, PatternSyntax(IdentifierPatternSyntax(identifier: "_\(name)")))
            .with(\.accessorBlock, nil)
        ]
      )
      .trimmed
    let attributed: DeclSyntax = "@\(raw: Names.ignored) \(storage)"
    return [attributed]
  }
}
