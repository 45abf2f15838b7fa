import SwiftSyntax

extension DeclGroupSyntax {
  /// `public ` or `package ` when the declaration has that access, for members that must
  /// match it; otherwise nothing.
  var accessPrefix: String {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }

  /// The declaration's `@available` attributes, to repeat on an extension of it.
  var availability: String {
    attributes.compactMap { element -> String? in
      guard case .attribute(let attribute) = element,
        attribute.attributeName.trimmedDescription == "available"
      else { return nil }
      return attribute.trimmedDescription + "\n"
    }
    .joined()
  }

  /// The names of the types declared directly inside: structs, enums and type aliases.
  var memberTypeNames: Set<String> {
    Set(
      memberBlock.members.compactMap {
        $0.decl.as(StructDeclSyntax.self)?.name.text
          ?? $0.decl.as(EnumDeclSyntax.self)?.name.text
          ?? $0.decl.as(TypeAliasDeclSyntax.self)?.name.text
      }
    )
  }

  /// Whether the declaration lists a protocol, by any of `names`, among its inheritance.
  func inherits(anyOf names: [String]) -> Bool {
    inheritanceClause?.inheritedTypes.contains { names.contains($0.type.trimmedDescription) }
      ?? false
  }
}

extension WithAttributesSyntax {
  /// Whether an attribute is spelled `@name` or `@Module.name`, with or without arguments.
  func hasAttribute(_ name: String) -> Bool {
    attributes.contains { element in
      guard case .attribute(let attribute) = element else { return false }
      let spelled = attribute.attributeName.trimmedDescription
      let base = spelled.split(separator: "<").first.map(String.init) ?? spelled
      return base == name || base.hasSuffix(".\(name)")
    }
  }

  /// The attribute spelled `@name`, if present.
  func attribute(named name: String) -> AttributeSyntax? {
    for element in attributes {
      if case .attribute(let attribute) = element,
        attribute.attributeName.trimmedDescription == name
      {
        return attribute
      }
    }
    return nil
  }
}

extension VariableDeclSyntax {
  /// The name of a property declared alone (`var count = 0`).
  var identifier: TokenSyntax? {
    guard bindings.count == 1 else { return nil }
    return bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier
  }

  /// Whether the property computes its value (a getter or `get`/`set`), rather than storing it
  /// (observers `willSet`/`didSet` still store).
  var isComputed: Bool {
    bindings.contains { binding in
      switch binding.accessorBlock?.accessors {
      case .none:
        return false
      case .getter:
        return true
      case .accessors(let accessors):
        return accessors.contains {
          ![.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
        }
      }
    }
  }

  /// Whether the property belongs to instances, not to the type.
  var isInstance: Bool {
    !modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
  }

  /// Whether the property is a stored `var` of an instance with a single name: what
  /// observation can track.
  var isStoredInstanceVariable: Bool {
    bindingSpecifier.tokenKind == .keyword(.var) && isInstance && !isComputed && identifier != nil
  }

  /// The property's modifiers made private: its access modifiers replaced by `private`.
  var privateModifiers: DeclModifierListSyntax {
    let kept = modifiers.filter {
      switch $0.name.tokenKind {
      case .keyword(.public), .keyword(.package), .keyword(.internal), .keyword(.fileprivate),
        .keyword(.private), .keyword(.open):
        return false
      default:
        return true
      }
    }
    return [DeclModifierSyntax(name: .keyword(.private), trailingTrivia: .space)] + kept
  }
}

extension AttributeListSyntax {
  /// The list without the attributes spelled as any of `names`.
  func removing(_ names: [String]) -> AttributeListSyntax {
    filter { element in
      guard case .attribute(let attribute) = element else { return true }
      return !names.contains(attribute.attributeName.trimmedDescription)
    }
  }
}
