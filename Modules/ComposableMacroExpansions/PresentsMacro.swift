import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Presents var destination: Destination.State?`: observed accessors over a private
/// `_destination` ``PresentationState``, and `$destination` for `ifLet`.
public enum PresentsMacro {
  /// The presented state's type: `Destination.State` for `Destination.State?`.
  static func wrappedType(of property: VariableDeclSyntax) -> TypeSyntax? {
    guard let type = property.bindings.first?.typeAnnotation?.type else { return nil }
    if let optional = type.as(OptionalTypeSyntax.self) {
      return optional.wrappedType.trimmed
    }
    if let implicit = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return implicit.wrappedType.trimmed
    }
    return nil
  }
}

extension PresentsMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self),
      property.isStoredInstanceVariable,
      let name = property.identifier?.trimmed
    else { return [] }
    let registrar = Names.registrar
    return [
      """
      @storageRestrictions(initializes: _\(name))
      init(initialValue) {
        _\(name) = PresentationState(wrappedValue: initialValue)
      }
      """,
      """
      get {
        \(raw: registrar).access(self, keyPath: \\.\(name))
        return _\(name).wrappedValue
      }
      """,
      """
      set {
        let announcement = \(raw: registrar).willSet(self, keyPath: \\.\(name), _\(name).wrappedValue, newValue, _$isIdentityEqual)
        _\(name).wrappedValue = newValue
        \(raw: registrar).didSet(self, keyPath: \\.\(name), announcement)
      }
      """,
      """
      _modify {
        let identity = _$modifiedIdentity(of: _\(name).wrappedValue)
        defer {
          \(raw: registrar).didModify(self, keyPath: \\.\(name), from: identity, to: _$modifiedIdentity(of: _\(name).wrappedValue))
        }
        yield &_\(name).wrappedValue
      }
      """,
    ]
  }
}

extension PresentsMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self),
      property.isStoredInstanceVariable,
      let name = property.identifier?.trimmed
    else { return [] }
    guard let wrapped = wrappedType(of: property) else {
      context.diagnose(
        .init(
          node: property,
          message: MacroExpansionErrorMessage(
            "'@Presents' must be applied to an optional: 'var \(name.text): State?'"
          )
        )
      )
      return []
    }
    let access = property.modifiers
      .filter {
        [.keyword(.public), .keyword(.package), .keyword(.internal), .keyword(.fileprivate),
         .keyword(.private)].contains($0.name.tokenKind)
      }
      .map { "\($0.name.text) " }
      .joined()
    let initial = property.bindings.first?.initializer?.value.trimmedDescription ?? "nil"
    let registrar = Names.registrar
    let presentation = "\(Names.module).PresentationState<\(wrapped)>"
    return [
      """
      \(raw: access)var $\(name): \(raw: presentation) {
        get {
          \(raw: registrar).access(self, keyPath: \\.\(name))
          return _\(name).projectedValue
        }
        set {
          let announcement = \(raw: registrar).willSet(self, keyPath: \\.\(name), _\(name).projectedValue, newValue, _$isIdentityEqual)
          _\(name).projectedValue = newValue
          \(raw: registrar).didSet(self, keyPath: \\.\(name), announcement)
        }
        _modify {
          let identity = _$modifiedIdentity(of: _\(name).projectedValue)
          defer {
            \(raw: registrar).didModify(self, keyPath: \\.\(name), from: identity, to: _$modifiedIdentity(of: _\(name).projectedValue))
          }
          yield &_\(name).projectedValue
        }
      }
      """,
      """
      @\(raw: Names.ignored) private var _\(name) = \(raw: presentation)(wrappedValue: \(raw: initial))
      """,
    ]
  }
}
