import SwiftSyntax
import SwiftSyntaxBuilder

/// What `@Reducer` writes into an enum whose cases hold features:
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case alert(AlertState<Alert>)   // ephemeral: held as it is, its action is `Alert`
///   case edit(TodoEditor)           // a feature: `.edit(TodoEditor.State)`, `TodoEditor.Action`
///   case note(String)               // plain data: its action is `Never`
/// }
/// ```
///
/// the `State` and `Action` enums (unless written), a static `body` running each feature on
/// its case, and the `CaseScope` that `store.case` switches over.
struct EnumReducer {
  let name: String
  let access: String
  let cases: [Case]
  let declared: Set<String>
  let hasScope: Bool
  /// Whether the enum writes its own `static var body`, which is then left as it is.
  let hasBody: Bool
  let stateConformances: [String]
  let actionConformances: [String]

  init(_ decl: EnumDeclSyntax, arguments: AttributeSyntax.Arguments?) {
    name = decl.name.text
    access = decl.accessPrefix
    declared = decl.memberTypeNames
    hasScope = decl.memberBlock.members.contains {
      $0.decl.as(FunctionDeclSyntax.self)?.name.text == "scope"
    }
    hasBody = decl.memberBlock.members.contains { member in
      member.decl.as(VariableDeclSyntax.self)?.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
      } ?? false
    }
    var explicitActions: [String: TypeSyntax] = [:]
    if let action = decl.memberBlock.members.lazy
      .compactMap({ $0.decl.as(EnumDeclSyntax.self) }).first(where: { $0.name.text == "Action" })
    {
      for element in action.memberBlock.members.compactMap({ $0.decl.as(EnumCaseDeclSyntax.self) })
        .flatMap(\.elements)
      {
        if let parameters = element.parameterClause?.parameters, parameters.count == 1,
          let type = parameters.first?.type
        {
          explicitActions[element.name.text] = type.trimmed
        }
      }
    }
    cases = decl.memberBlock.members
      .compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
      .flatMap { caseDecl in
        caseDecl.elements.map { Case($0, in: caseDecl, explicitActions: explicitActions) }
      }
    var state: [String] = []
    var action: [String] = []
    if case .argumentList(let list) = arguments {
      var current: String?
      for argument in list {
        if let label = argument.label?.text { current = label }
        guard let name = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else { continue }
        let conformance = name.prefix(1).uppercased() + name.dropFirst()
        if current == "state" { state.append(conformance) } else if current == "action" {
          action.append(conformance)
        }
      }
    }
    stateConformances = state
    actionConformances = action
  }

  var members: [DeclSyntax] {
    let module = Names.module
    var decls: [DeclSyntax] = []
    if !declared.contains("State") {
      let conformances = (["\(module).CaseReducerState"] + stateConformances).joined(separator: ", ")
      decls.append(
        """
        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        \(raw: access)enum State: \(raw: conformances) {
          \(raw: access)typealias StateReducer = \(raw: name)
          \(raw: cases.map(\.stateCase).joined(separator: "\n"))
        }
        """
      )
    }
    if !declared.contains("Action") {
      let conformances = actionConformances.isEmpty ? "" : ": " + actionConformances.joined(separator: ", ")
      decls.append(
        """
        @CasePathable
        \(raw: access)enum Action\(raw: conformances) {
          \(raw: cases.map(\.actionCase).joined(separator: "\n"))
        }
        """
      )
    }
    if !hasBody {
      let scoped = cases.compactMap(\.ifCaseLet)
      if scoped.isEmpty {
        decls.append(
          """
          @\(raw: module).ReducerBuilder<Self.State, Self.Action>
          \(raw: access)static var body: \(raw: module).EmptyReducer<Self.State, Self.Action> {
            \(raw: module).EmptyReducer<Self.State, Self.Action>()
          }
          """
        )
      } else {
        decls.append(
          """
          @\(raw: module).ReducerBuilder<Self.State, Self.Action>
          \(raw: access)static var body: \(raw: module).Reduce<Self.State, Self.Action> {
            \(raw: module).Reduce(
              \(raw: module).EmptyReducer<Self.State, Self.Action>()
              \(raw: scoped.joined(separator: "\n"))
            )
          }
          """
        )
      }
    }
    if !declared.contains("CaseScope") {
      decls.append(
        """
        @dynamicMemberLookup
        \(raw: access)enum CaseScope: \(raw: module)._CaseScopeProtocol, CasePaths.CasePathable {
          \(raw: cases.map(\.scopeCase).joined(separator: "\n"))
          \(raw: access)struct AllCasePaths {
            \(raw: cases.map { $0.scopeCasePath(access: access) }.joined(separator: "\n"))
          }
          \(raw: access)static var allCasePaths: AllCasePaths { AllCasePaths() }
        }
        """
      )
    }
    if !hasScope {
      let switchCases = cases.map(\.scopeSwitchCase).joined(separator: "\n")
      decls.append(
        """
        @preconcurrency @MainActor
        \(raw: access)static func scope(_ store: \(raw: module).Store<Self.State, Self.Action>) -> CaseScope {
          \(raw: cases.isEmpty ? "" : "switch store.state {\n\(switchCases)\n}")
        }
        """
      )
    }
    return decls
  }
}
