import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Reducer`: conforms a struct to `Reducer` (an enum to `CaseReducer`), marks its nested
/// `State` and `Action` enums case-pathable, gives `body` its builder, and writes what a
/// feature leaves out.
public enum ReducerMacro {}

extension ReducerMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self),
      !declaration.inherits(anyOf: Names.spellings("Reducer"))
    else { return [] }
    let conformances = declaration.is(EnumDeclSyntax.self)
      ? "\(Names.module).CaseReducer, \(Names.module).Reducer"
      : "\(Names.module).Reducer"
    let decl: DeclSyntax = """
      \(raw: declaration.availability)extension \(type.trimmed): \(raw: conformances) {}
      """
    return [decl.cast(ExtensionDeclSyntax.self)]
  }
}

extension ReducerMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    if let enumDecl = member.as(EnumDeclSyntax.self) {
      var names: [String]
      switch enumDecl.name.text {
      case "State": names = ["CasePathable", "dynamicMemberLookup"]
      case "Action": names = ["CasePathable"]
      default: return []
      }
      if enumDecl.inherits(anyOf: Names.spellings("CasePathable", module: "CasePaths")) {
        names.removeAll { $0 == "CasePathable" }
      }
      names.removeAll { enumDecl.hasAttribute($0) }
      return names.map { AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier($0))) }
    }
    if let property = member.as(VariableDeclSyntax.self) {
      return bodyBuilder(for: property).map { [$0] } ?? []
    }
    if declaration.is(EnumDeclSyntax.self), let caseDecl = member.as(EnumCaseDeclSyntax.self),
      caseDecl.elements.count == 1, let element = caseDecl.elements.first
    {
      guard let parameters = element.parameterClause?.parameters, parameters.count == 1 else {
        return caseDecl.hasAttribute("ReducerCaseIgnored")
          ? [] : [AttributeSyntax(attributeName: IdentifierTypeSyntax(name: "ReducerCaseIgnored"))]
      }
      if let type = parameters.first?.type.as(IdentifierTypeSyntax.self), type.isEphemeral,
        !caseDecl.hasAttribute("ReducerCaseEphemeral")
      {
        return [AttributeSyntax(attributeName: IdentifierTypeSyntax(name: "ReducerCaseEphemeral"))]
      }
    }
    return []
  }

  /// `@ReducerBuilder<State, Action>` for `var body: some Reducer<State, Action> { … }` (or
  /// `some ReducerOf<Self>`) that has none.
  private static func bodyBuilder(for property: VariableDeclSyntax) -> AttributeSyntax? {
    guard property.bindingSpecifier.tokenKind == .keyword(.var),
      property.bindings.count == 1,
      let binding = property.bindings.first,
      binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
      case .getter = binding.accessorBlock?.accessors,
      let arguments = binding.typeAnnotation?.type.as(SomeOrAnyTypeSyntax.self)?
        .constraint.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments,
      !property.hasAttribute("ReducerBuilder")
    else { return nil }
    let generics = arguments.count == 1
      ? "\(arguments.trimmedDescription).State, \(arguments.trimmedDescription).Action"
      : arguments.trimmedDescription
    return AttributeSyntax(
      attributeName: IdentifierTypeSyntax(
        name: .identifier("\(Names.module).ReducerBuilder<\(generics)>")
      )
    )
  }
}

extension ReducerMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return EnumReducer(enumDecl, arguments: node.arguments).members
    }
    guard declaration.is(StructDeclSyntax.self) else {
      throw DiagnosticsError(diagnostics: [
        Diagnostic(
          node: node,
          message: MacroExpansionErrorMessage("'@Reducer' can only be applied to a struct or an enum")
        )
      ])
    }
    if let arguments = node.arguments {
      context.diagnose(
        Diagnostic(
          node: arguments,
          message: MacroExpansionErrorMessage(
            "Argument passed to call that takes no arguments when applied to a struct"
          ),
          fixIt: .replace(
            message: MacroExpansionFixItMessage("Remove '(\(arguments.trimmedDescription))'"),
            oldNode: node,
            newNode: node.with(\.leftParen, nil).with(\.arguments, nil).with(\.rightParen, nil)
          )
        )
      )
    }
    let access = declaration.accessPrefix
    let types = declaration.memberTypeNames
    let bindings = declaration.memberBlock.members.flatMap {
      $0.decl.as(VariableDeclSyntax.self)?.bindings ?? []
    }
    let hasReduce = hasReduceMethod(declaration, context: context)
    let hasExplicitBody = hasReduce || bindings.contains { binding in
      if binding.initializer != nil { return true }
      guard let name = binding.typeAnnotation?.type.as(SomeOrAnyTypeSyntax.self)?
        .constraint.as(IdentifierTypeSyntax.self)?.name.text
      else { return false }
      return (Names.spellings("Reducer") + Names.spellings("ReducerOf")).contains(name)
    }
    let hasBody = hasReduce || bindings.contains {
      $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
    }
    var decls: [DeclSyntax] = []
    if !types.contains("State") && !hasExplicitBody {
      decls.append(
        """
        @ObservableState
        \(raw: access)struct State: Codable, Equatable, Hashable, Sendable {
          \(raw: access)init() {}
        }
        """
      )
    }
    if !types.contains("Action") && !hasExplicitBody {
      decls.append("\(raw: access)enum Action: Equatable, Hashable, Sendable {}")
    }
    if !hasBody {
      decls.append("\(raw: access)let body = \(raw: Names.module).EmptyReducer<State, Action>()")
    }
    return decls
  }

  /// Whether the struct implements `reduce(into:action:)` itself; warns, as TCA does, that
  /// `body` is the way now.
  private static func hasReduceMethod(
    _ declaration: some DeclGroupSyntax, context: some MacroExpansionContext
  ) -> Bool {
    var found = false
    for member in declaration.memberBlock.members {
      guard let method = member.decl.as(FunctionDeclSyntax.self), method.name.text == "reduce",
        method.signature.parameterClause.parameters.count == 2,
        let first = method.signature.parameterClause.parameters.first,
        first.firstName.text == "into",
        first.type.as(AttributedTypeSyntax.self)?.specifiers.contains(where: {
          $0.trimmedDescription == "inout"
        }) == true,
        method.signature.parameterClause.parameters.last?.firstName.text == "action",
        method.signature.effectSpecifiers == nil,
        method.signature.returnClause?.type.is(IdentifierTypeSyntax.self) == true
      else { continue }
      found = true
      let statements = method.body?.statements.map(\.trimmedDescription).joined(separator: "\n") ?? ""
      context.diagnose(
        Diagnostic(
          node: method.name,
          message: MacroExpansionWarningMessage(
            "'reduce(into:action:)' is deprecated: Reducers should be defined using the 'body' property and a 'Reduce'."
          ),
          fixIt: .replace(
            message: MacroExpansionFixItMessage("Use 'body' instead"),
            oldNode: method,
            newNode: DeclSyntax(
              """
              var body: some Reducer<State, Action> {
              Reduce { state, action in
              \(raw: statements)
              }
              }
              """
            )
            .with(\.leadingTrivia, method.leadingTrivia)
          )
        )
      )
    }
    return found
  }
}

extension IdentifierTypeSyntax {
  /// Whether the type is state shown and dismissed with no feature behind it: an alert or a
  /// confirmation dialog.
  var isEphemeral: Bool {
    ["AlertState", "ConfirmationDialogState"].contains(name.text)
  }
}
