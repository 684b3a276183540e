/// What every Swift file of a project shows: its types, their uses of Core Location, and its
/// calls, with the triggers each use is reached from.
struct ProjectScan {
  var types: [TypeDeclaration] = []
  var uses: [CoreLocationUse] = []
  var calls: [String: [CallSite]] = [:]
  var declared: Set<String> = []
  /// The names of the types the project declares.
  var typeNames: Set<String> = []
  private var resolved: [String: Resolution] = [:]

  /// The triggers a piece of code is reached from, and the functions nothing calls.
  struct Resolution: Hashable {
    var triggers: [TriggerSite] = []
    /// Functions on the way that nothing in the project calls (a delegate callback, a call
    /// from another module).
    var deadEnds: [String] = []
  }

  struct TriggerSite: Hashable {
    var trigger: Trigger
    var from: SourceLine
  }

  /// Scans `files`.
  static func scan(_ files: ProjectFiles) throws(DraftError) -> ProjectScan {
    var project = ProjectScan()
    for path in files.swiftFiles {
      var scanner = SwiftScanner(tokens: SwiftLexer.tokens(utf8: try files.read(path)), path: path)
      scanner.scan()
      project.types += scanner.types
      project.typeNames.formUnion(scanner.types.map(\.name))
      project.uses += scanner.uses
      project.declared.formUnion(scanner.declared)
      for call in scanner.calls { project.calls[call.name, default: []].append(call) }
    }
    return project
  }

  /// The triggers `context` is reached from: its own, or those of the calls of the function it
  /// is in, followed up to eight calls deep.
  mutating func resolve(_ context: CodeContext) -> Resolution {
    var visiting: Set<String> = []
    return resolve(context, depth: 0, visiting: &visiting)
  }

  private mutating func resolve(_ context: CodeContext, depth: Int, visiting: inout Set<String>)
    -> Resolution
  {
    let key: String
    let sites: [CallSite]
    let name: String
    switch context {
    case .trigger(let trigger, let from):
      return Resolution(triggers: [TriggerSite(trigger: trigger, from: from)])
    case .topLevel:
      return Resolution()
    case .function(let type, let function, _):
      key = type + "." + function
      name = function == "init" ? type : function
      // A call made on another type of the project (`Other.shared.start()`) is not a call of
      // this type's function.
      sites = (calls[name] ?? []).filter { site in
        guard let receiver = site.receiver, receiver != type else { return true }
        return !typeNames.contains(receiver)
      }
    case .typeLevel(let type):
      if let app = types.first(where: { $0.name == type && $0.isApp }) {
        return Resolution(triggers: [TriggerSite(trigger: .launch, from: app.from)])
      }
      key = type
      name = type
      sites = calls[type] ?? []
    }
    if let known = resolved[key] { return known }
    guard depth < 8, !visiting.contains(key) else { return Resolution() }
    visiting.insert(key)
    defer { visiting.remove(key) }
    var result = Resolution()
    for site in sites {
      let found = resolve(site.context, depth: depth + 1, visiting: &visiting)
      for trigger in found.triggers where !result.triggers.contains(trigger) {
        result.triggers.append(trigger)
      }
      for end in found.deadEnds where !result.deadEnds.contains(end) { result.deadEnds.append(end) }
    }
    if result.triggers.isEmpty && result.deadEnds.isEmpty {
      // The type says whose function it is: a wrapper's caller, or the type itself.
      if case .function(let type, let function, _) = context {
        result.deadEnds = [(type.isEmpty ? "" : type + ".") + function + "()"]
      } else {
        result.deadEnds = [name]
      }
    }
    resolved[key] = result
    return result
  }
}
