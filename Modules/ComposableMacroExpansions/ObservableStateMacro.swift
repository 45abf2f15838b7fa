import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ObservableState`: adds the registrar and identity to a state struct and marks each stored
/// property tracked; on an enum of states, derives the identity from the case's state.
public enum ObservableStateMacro {}

extension ObservableStateMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return enumMembers(enumDecl)
    }
    if let classDecl = declaration.as(ClassDeclSyntax.self) {
      throw DiagnosticsError(diagnostics: [
        invalidApplication(node, "class", classDecl.name.text)
      ])
    }
    if let actorDecl = declaration.as(ActorDeclSyntax.self) {
      throw DiagnosticsError(diagnostics: [
        invalidApplication(node, "actor", actorDecl.name.text)
      ])
    }
    guard declaration.is(StructDeclSyntax.self) else { return [] }

    let declared = declaredNames(declaration)
    let member = { context.makeUniqueName("Member") }
    let (m0, m1, m2, m3) = (member(), member(), member(), member())
    var decls: [DeclSyntax] = []
    if !declared.contains(Names.registrar) {
      decls.append(
        "@\(raw: Names.ignored) var \(raw: Names.registrar) = \(raw: Names.module).ObservationStateRegistrar()"
      )
    }
    if !declared.contains("_$id") {
      decls.append(
        """
        public var _$id: \(raw: Names.module).ObservableStateID {
          \(raw: Names.registrar).id
        }
        """
      )
    }
    if !declared.contains("_$willModify") {
      decls.append(
        """
        public mutating func _$willModify() {
          \(raw: Names.registrar)._$willModify()
        }
        """
      )
    }
    if !declared.contains("_$accessor"), let accessor = accessorMember(declaration) {
      decls.append(accessor)
    }
    if !declared.contains("shouldNotifyObservers") {
      decls += [
        """
        private nonisolated func shouldNotifyObservers<\(m0)>(_ lhs: \(m0), _ rhs: \(m0)) -> Bool {
          true
        }
        """,
        """
        private nonisolated func shouldNotifyObservers<\(m1): Equatable>(_ lhs: \(m1), _ rhs: \(m1)) -> Bool {
          lhs != rhs
        }
        """,
        """
        private nonisolated func shouldNotifyObservers<\(m2): AnyObject>(_ lhs: \(m2), _ rhs: \(m2)) -> Bool {
          lhs !== rhs
        }
        """,
        """
        private nonisolated func shouldNotifyObservers<\(m3): Equatable & AnyObject>(_ lhs: \(m3), _ rhs: \(m3)) -> Bool {
          lhs != rhs
        }
        """,
      ]
    }
    return decls
  }

  /// `_$id` and `_$willModify()` for an enum: each case's identity is its state's, tagged
  /// with the case's position.
  private static func enumMembers(_ enumDecl: EnumDeclSyntax) -> [DeclSyntax] {
    let elements = enumDecl.memberBlock.members
      .compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
      .flatMap(\.elements)
    var idCases: [String] = []
    var willModifyCases: [String] = []
    for (tag, element) in elements.enumerated() {
      let name = element.name.text
      if let parameters = element.parameterClause?.parameters, parameters.count == 1,
        let parameter = parameters.first
      {
        let label = parameter.firstName.map { "\($0.text): " } ?? ""
        idCases.append(
          """
          case let .\(name)(state):
            return ._$id(for: state)._$tag(\(tag))
          """
        )
        willModifyCases.append(
          """
          case var .\(name)(state):
            \(Names.module)._$willModify(&state)
            self = .\(name)(\(label)state)
          """
        )
      } else {
        idCases.append(
          """
          case .\(name):
            return \(Names.module).ObservableStateID()._$tag(\(tag))
          """
        )
        willModifyCases.append(
          """
          case .\(name):
            break
          """
        )
      }
    }
    let idBody = idCases.isEmpty ? "" : "switch self {\n\(idCases.joined(separator: "\n"))\n}"
    let willModifyBody =
      willModifyCases.isEmpty ? "" : "switch self {\n\(willModifyCases.joined(separator: "\n"))\n}"
    return [
      """
      public var _$id: \(raw: Names.module).ObservableStateID {
        \(raw: idBody)
      }
      """,
      """
      public mutating func _$willModify() {
        \(raw: willModifyBody)
      }
      """,
    ]
  }

  /// `_$accessor(for:)`: the getter, an unnoted read of the storage, the setter and `_modify` of
  /// every tracked member (and of a presented member and its projection), by key path, for
  /// `Scope`, `ifLet` and `forEach` to call directly; `nil` when nothing is tracked.
  private static func accessorMember(_ declaration: some DeclGroupSyntax) -> DeclSyntax? {
    // NB: Each member with what reads it unnoted: its storage, which the member's macro names
    //     `_name` (a presented member's storage holds its presentation).
    let members = declaration.memberBlock.members.flatMap { member -> [(name: String, storage: String)] in
      guard let property = member.decl.as(VariableDeclSyntax.self),
        let name = property.identifier?.trimmed.text
      else { return [] }
      if ObservationStateTrackedMacro.isTracked(property) { return [(name, "_\(name)")] }
      if property.isStoredInstanceVariable, property.hasAttribute(Names.presents) {
        // NB: A projection of an escaped name (`` `default` ``) has no spelling: left out.
        let member = (name, "_\(name).wrappedValue")
        return name.hasPrefix("`") ? [member] : [member, ("$\(name)", "_\(name)")]
      }
      return []
    }
    guard !members.isEmpty else { return nil }
    let cases = members.map { name, storage in
      """
        case \\Self.\(name):
          return \(Names.module)._StateAccessor<Self, _>(get: { $0.\(name) }, peek: { $0.\(storage) }, set: { $0.\(name) = $1 }, modify: { $1(&$0.\(name)) })
      """
    }
    let source = """
      public static func _$accessor(for keyPath: AnyKeyPath) -> Any? {
        switch keyPath {
      \(cases.joined(separator: "\n"))
        default:
          return nil
        }
      }
      """
    return DeclSyntax(stringLiteral: source)
  }

  private static func declaredNames(_ declaration: some DeclGroupSyntax) -> Set<String> {
    Set(
      declaration.memberBlock.members.flatMap { member -> [String] in
        if let variable = member.decl.as(VariableDeclSyntax.self) {
          return variable.bindings.compactMap {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
          }
        }
        if let function = member.decl.as(FunctionDeclSyntax.self) {
          return [function.name.text]
        }
        return []
      }
    )
  }

  private static func invalidApplication(
    _ node: AttributeSyntax, _ kind: String, _ name: String
  ) -> Diagnostic {
    Diagnostic(
      node: node,
      message: MacroExpansionErrorMessage(
        "'@ObservableState' cannot be applied to \(kind) type '\(name)'"
      )
    )
  }
}

extension ObservableStateMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self),
      let property = member.as(VariableDeclSyntax.self),
      property.isStoredInstanceVariable
    else { return [] }
    if property.hasAttribute(Names.ignored) || property.hasAttribute(Names.tracked) {
      return []
    }
    for (swiftName, ours) in [
      ("ObservationIgnored", Names.ignored),
      ("ObservationTracked", Names.tracked),
      (Names.presentationState, Names.presents),
    ] {
      if let attribute = property.attribute(named: swiftName) {
        context.diagnose(
          Diagnostic(
            node: attribute,
            message: MacroExpansionErrorMessage("'@\(swiftName)' cannot be used in '@ObservableState'"),
            fixIt: .replace(
              message: MacroExpansionFixItMessage("Use '@\(ours)' instead"),
              oldNode: attribute.attributeName,
              newNode: TypeSyntax(
                IdentifierTypeSyntax(
                  name: .identifier(ours, trailingTrivia: attribute.attributeName.trailingTrivia)
                )
              )
            )
          )
        )
      }
    }
    let name = Names.observedWrappers.contains(where: property.hasAttribute)
      ? Names.ignored : Names.tracked
    return [AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier(name)))]
  }
}

extension ObservableStateMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard !protocols.isEmpty,
      declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self)
    else { return [] }
    let decl: DeclSyntax = """
      \(raw: declaration.availability)extension \(type.trimmed): \(raw: Names.module).ObservableState, Observation.Observable {}
      """
    return [decl.cast(ExtensionDeclSyntax.self)]
  }
}
