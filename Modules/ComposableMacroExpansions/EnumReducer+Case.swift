import SwiftSyntax
import SwiftSyntaxBuilder

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
