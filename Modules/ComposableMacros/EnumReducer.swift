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
  let stateConformances: [String]
  let actionConformances: [String]

  init(_ decl: EnumDeclSyntax, arguments: AttributeSyntax.Arguments?) {
    name = decl.name.text
    access = decl.accessPrefix
    declared = decl.memberTypeNames
    hasScope = decl.memberBlock.members.contains {
      $0.decl.as(FunctionDeclSyntax.self)?.name.text == "scope"
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
    if !declared.contains("body") {
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

extension EnumReducer {
  /// One case of the enum, and what each generated piece says for it.
  struct Case {
    enum Kind {
      /// Holds a feature: `case edit(TodoEditor)`.
      case feature(TypeSyntax, reducer: String)
      /// Holds an alert or dialog: `case alert(AlertState<Alert>)`, acting with `Alert`.
      case ephemeral(TypeSyntax, action: String?)
      /// Holds plain data, or nothing: its action is `Never`, unless `Action` names one.
      case ignored(explicitAction: TypeSyntax?)
    }

    let element: EnumCaseElementSyntax
    let kind: Kind

    init(
      _ element: EnumCaseElementSyntax,
      in decl: EnumCaseDeclSyntax,
      explicitActions: [String: TypeSyntax]
    ) {
      self.element = element
      let parameters = element.parameterClause?.parameters
      guard let parameters, parameters.count == 1, let parameter = parameters.first,
        !decl.hasAttribute("ReducerCaseIgnored"),
        parameter.type.is(IdentifierTypeSyntax.self) || parameter.type.is(MemberTypeSyntax.self)
      else {
        let explicit = parameters?.count == 1 ? explicitActions[element.name.text] : nil
        kind = .ignored(explicitAction: explicit)
        return
      }
      let type = parameter.type.trimmed
      if let identifier = type.as(IdentifierTypeSyntax.self), identifier.isEphemeral
        || decl.hasAttribute("ReducerCaseEphemeral")
      {
        let action = type.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments
          .first?.trimmedDescription
        kind = .ephemeral(type, action: action)
      } else {
        kind = .feature(
          type, reducer: parameter.defaultValue?.value.trimmedDescription ?? "\(type)()"
        )
      }
    }

    var name: String { element.name.text }

    private var label: String {
      element.parameterClause?.parameters.first?.firstName.map { "\($0.text): " } ?? ""
    }

    var stateCase: String {
      switch kind {
      case .feature(let type, _):
        return "case \(name)(\(label)\(type).State)"
      case .ephemeral, .ignored:
        return "case \(element.with(\.parameterClause, element.parameterClause?.withoutDefaults).trimmedDescription)"
      }
    }

    var actionCase: String {
      switch kind {
      case .feature(let type, _):
        return "case \(name)(\(type).Action)"
      case .ephemeral(_, let action?):
        return "case \(name)(\(action))"
      case .ephemeral(_, nil):
        return "case \(name)(Swift.Never)"
      case .ignored(let explicit?):
        return "case \(name)(\(explicit))"
      case .ignored(nil):
        return "case \(name)(Swift.Never)"
      }
    }

    var ifCaseLet: String? {
      guard case .feature(_, let reducer) = kind else { return nil }
      return """
        .ifCaseLet(\\Self.State.Cases.\(name), action: \\Self.Action.Cases.\(name)) {
          \(reducer)
        }
        """
    }

    var scopeCase: String {
      switch kind {
      case .feature(let type, _):
        return "case \(name)(\(Names.module).StoreOf<\(type)>)"
      case .ignored(let explicit?):
        let state = element.parameterClause?.parameters.first?.type.trimmedDescription ?? "Void"
        return "case \(name)(\(Names.module).Store<\(state), \(explicit)>)"
      case .ephemeral, .ignored:
        return "case \(element.with(\.parameterClause, element.parameterClause?.withoutDefaults).trimmedDescription)"
      }
    }

    func scopeCasePath(access: String) -> String {
      let valueType: String
      switch kind {
      case .feature(let type, _):
        valueType = "\(Names.module).StoreOf<\(type)>"
      case .ignored(let explicit?):
        let state = element.parameterClause?.parameters.first?.type.trimmedDescription ?? "Void"
        valueType = "\(Names.module).Store<\(state), \(explicit)>"
      case .ephemeral, .ignored:
        guard let parameters = element.parameterClause?.parameters else {
          return """
            \(access)var \(name): CasePaths.AnyCasePath<CaseScope, Void> {
              CasePaths.AnyCasePath(
                embed: { CaseScope.\(name) },
                extract: { guard case .\(name) = $0 else { return nil }; return () }
              )
            }
            """
        }
        guard parameters.count == 1, let type = parameters.first?.type else { return "" }
        valueType = type.trimmedDescription
      }
      return """
        \(access)var \(name): CasePaths.AnyCasePath<CaseScope, \(valueType)> {
          CasePaths.AnyCasePath(
            embed: CaseScope.\(name),
            extract: { guard case let .\(name)(v0) = $0 else { return nil }; return v0 }
          )
        }
        """
    }

    var scopeSwitchCase: String {
      switch kind {
      case .feature, .ignored(explicitAction: _?):
        return """
          case .\(name):
            return .\(name)(store.scope(\\.\(name), action: \\.\(name))!)
          """
      case .ephemeral, .ignored:
        guard let parameters = element.parameterClause?.parameters else {
          return """
            case .\(name):
              return .\(name)
            """
        }
        let bound = parameters.indices.enumerated().map { "v\($0.offset)" }
        let passed = zip(parameters, bound).map { parameter, value in
          (parameter.firstName.map { "\($0.text): " } ?? "") + value
        }
        return """
          case let .\(name)(\(bound.joined(separator: ", "))):
            return .\(name)(\(passed.joined(separator: ", ")))
          """
      }
    }
  }
}

extension EnumCaseParameterClauseSyntax {
  /// The clause without default values, which the generated enums cannot carry.
  var withoutDefaults: Self {
    with(\.parameters, EnumCaseParameterListSyntax(parameters.map { $0.with(\.defaultValue, nil) }))
  }
}
