import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ViewAction(for: Feature.self)`: conforms a type that holds a `store` to
/// `ViewActionSending`, and warns where it sends to that store directly.
public enum ViewActionMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard case .argumentList(let arguments) = node.arguments, arguments.count == 1,
      let metatype = arguments.first?.expression.as(MemberAccessExprSyntax.self),
      metatype.declName.baseName.text == "self",
      let feature = metatype.base?.trimmedDescription
    else { return [] }

    guard declaration.declaresStore else {
      context.diagnose(missingStore(in: declaration, feature: feature))
      return []
    }
    warnOfDirectSends(in: Syntax(declaration), context: context)

    let decl: DeclSyntax = """
      \(raw: declaration.availability)extension \(type.trimmed): \(raw: Names.module).ViewActionSending {}
      """
    return [decl.cast(ExtensionDeclSyntax.self)]
  }

  /// The error for a type with no `store`, with a fix-it declaring one.
  private static func missingStore(in declaration: some DeclGroupSyntax, feature: String) -> Diagnostic {
    let access = declaration.accessPrefix
    var fixed = declaration
    let indentation = fixed.memberBlock.members.first?.leadingTrivia ?? "\n    "
    let store: DeclSyntax = "\(raw: access)let store: StoreOf<\(raw: feature)>"
    fixed.memberBlock.members.insert(
      MemberBlockItemSyntax(
        leadingTrivia: indentation,
        decl: store,
        trailingTrivia: .newline
      ),
      at: fixed.memberBlock.members.startIndex
    )
    let name = declaration.typeName.map { "'\($0)' " } ?? " "
    return Diagnostic(
      node: declaration,
      message: MacroExpansionErrorMessage(
        "'@ViewAction' requires \(name)to have a 'store' property of type 'Store'."
      ),
      fixIt: .replace(
        message: MacroExpansionFixItMessage("Add 'store'"),
        oldNode: declaration,
        newNode: fixed
      )
    )
  }

  /// Warns at every `store.send(…)` or `self.store.send(…)` under `node`; where the action is
  /// `.view(…)`, with a fix-it that sends the view action through the type's own `send`.
  private static func warnOfDirectSends(in node: Syntax, context: some MacroExpansionContext) {
    for child in node.children(viewMode: .fixedUp) {
      if let call = child.as(FunctionCallExprSyntax.self), let send = call.ownSend {
        var fixIts: [FixIt] = []
        if let viewAction = call.viewActionArguments {
          var fixed = call
          fixed.calledExpression = send
          fixed.arguments = viewAction
          fixIts.append(
            .replace(
              message: MacroExpansionFixItMessage("Call 'send' directly with a view action"),
              oldNode: call,
              newNode: fixed
            )
          )
        }
        context.diagnose(
          Diagnostic(
            node: child,
            message: MacroExpansionWarningMessage("Do not use 'store.send' directly when using '@ViewAction'"),
            highlights: [child],
            fixIts: fixIts
          )
        )
      }
      warnOfDirectSends(in: child, context: context)
    }
  }
}

extension DeclGroupSyntax {
  /// Whether a property named `store` is declared directly inside.
  fileprivate var declaresStore: Bool {
    memberBlock.members.contains {
      $0.decl.as(VariableDeclSyntax.self)?.bindings.first?.pattern
        .as(IdentifierPatternSyntax.self)?.identifier.text == "store"
    }
  }

  /// The name of the type declared or extended, for a diagnostic.
  fileprivate var typeName: String? {
    if let decl = self.as(StructDeclSyntax.self) { return decl.name.trimmedDescription }
    if let decl = self.as(ClassDeclSyntax.self) { return decl.name.trimmedDescription }
    if let decl = self.as(EnumDeclSyntax.self) { return decl.name.trimmedDescription }
    if let decl = self.as(ActorDeclSyntax.self) { return decl.name.trimmedDescription }
    if let decl = self.as(ProtocolDeclSyntax.self) { return decl.name.trimmedDescription }
    if let decl = self.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedDescription }
    return nil
  }
}

extension FunctionCallExprSyntax {
  /// For `store.send(…)`, `send`; for `self.store.send(…)`, `self.send`: the type's own `send`
  /// the call should go through. `nil` for any other call.
  fileprivate var ownSend: ExprSyntax? {
    guard let member = calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "send"
    else { return nil }
    if member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "store" {
      return ExprSyntax(DeclReferenceExprSyntax(baseName: "send"))
    }
    if let store = member.base?.as(MemberAccessExprSyntax.self), store.declName.baseName.text == "store",
      store.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    {
      return ExprSyntax(MemberAccessExprSyntax(base: DeclReferenceExprSyntax(baseName: "self"), name: "send"))
    }
    return nil
  }

  /// For a call whose first argument is `.view(action)`, the arguments with `action` in its
  /// place.
  fileprivate var viewActionArguments: LabeledExprListSyntax? {
    guard let first = arguments.first,
      let view = first.expression.as(FunctionCallExprSyntax.self),
      view.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "view",
      view.arguments.count == 1
    else { return nil }
    return view.arguments
  }
}
