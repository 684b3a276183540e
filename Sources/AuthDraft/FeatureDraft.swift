/// One feature of a draft: a Swift type's uses of Core Location, as an app file's feature.
struct FeatureDraft {
  /// A line of the feature with its origin and what to check.
  struct Entry {
    var text: String
    var from: SourceLine?
    var todo: String?
    /// Lines under this one (a holding's properties), indented two more.
    var details: [Entry] = []
  }

  var name: String
  var from: SourceLine
  var startedBy: Entry?
  var restore: Entry?
  var inBackground: Entry?
  var requests: [Entry] = []
  var holds: [Entry] = []
  /// An example of what the feature's needs could say, from what it holds.
  var needsExample: [String] = []

  /// The features of a project: one per type that uses Core Location, in source order.
  static func features(_ project: inout ProjectScan) -> [FeatureDraft] {
    var order: [String] = []
    var usesByType: [String: [CoreLocationUse]] = [:]
    for use in project.uses {
      // A call of a method the project declares on a receiver that is not a manager is a call
      // of the project's own wrapper: that wrapper's type is the feature.
      if case .service(_, let receiver) = use.kind, let receiver,
        !project.isManager(receiver, of: use.type),
        project.declared.contains(use.methodName)
      {
        continue
      }
      if case .request(_, _, let receiver) = use.kind, let receiver,
        !project.isManager(receiver, of: use.type), project.declared.contains(use.methodName)
      {
        continue
      }
      if usesByType[use.type] == nil { order.append(use.type) }
      usesByType[use.type, default: []].append(use)
    }
    var taken: Set<String> = []
    var features: [FeatureDraft] = []
    for type in order {
      let declaration =
        project.types.first { $0.name == type && !$0.isExtension }
        ?? project.types.first { $0.name == type }
      let uses = usesByType[type] ?? []
      var feature = FeatureDraft(
        name: type.isEmpty ? "app" : type, from: declaration?.from ?? uses[0].from)
      feature.build(uses, &project, taken: &taken)
      if !feature.holds.isEmpty || !feature.requests.isEmpty { features.append(feature) }
    }
    return features.sorted { $0.from < $1.from }
  }

  mutating func build(
    _ uses: [CoreLocationUse], _ project: inout ProjectScan, taken: inout Set<String>
  ) {
    // A name belongs to one feature: a second feature's `manager` becomes `typeManager`.
    func unique(_ base: String) -> String {
      var candidate = base
      if taken.contains(candidate) {
        candidate =
          name.prefix(1).lowercased() + name.dropFirst() + base.prefix(1).uppercased()
          + base.dropFirst()
      }
      var suffix = 2
      let stem = candidate
      while taken.contains(candidate) {
        candidate = "\(stem)\(suffix)"
        suffix += 1
      }
      taken.insert(candidate)
      return candidate
    }
    var managers: [(code: String, name: String, index: Int)] = []
    var keep: Entry?
    var relaunch: SourceLine?
    var starts: [(category: Int, use: CoreLocationUse, found: ProjectScan.Resolution)] = []
    var seenRequests: Set<String> = []
    var seenServices: Set<String> = []
    var regionIndex: Int?
    var regionCount = 0
    var regionTodos: [String] = []

    func manager(for receiver: String?, at from: SourceLine, holds: inout [Entry]) -> String {
      if let receiver, let known = managers.first(where: { $0.code == receiver }) {
        return known.name
      }
      if managers.count == 1 || (receiver == nil && !managers.isEmpty) { return managers[0].name }
      // A manager this type does not create: from elsewhere, or a wrapper.
      let code = receiver ?? "manager"
      let name = unique(code)
      managers.append((code, name, holds.count))
      holds.append(
        Entry(
          text: "- manager: \(name)", from: from,
          todo: "the manager: '\(code)' is not created here with CLLocationManager() (a "
            + "wrapper, or a manager from elsewhere)"))
      return name
    }

    for use in uses {
      let found = project.resolve(use.context)
      if let site = found.triggers.first(where: { $0.trigger == .relaunch }), relaunch == nil {
        relaunch = site.from
      }
      switch use.kind {
      case .manager(let code):
        guard !managers.contains(where: { $0.code == code }) else { continue }
        let name = unique(code)
        managers.append((code, name, holds.count))
        holds.append(Entry(text: "- manager: \(name)", from: use.from))
        starts.append((2, use, found))
      case .property(let receiver, let property, let value):
        let name = manager(for: receiver, at: use.from, holds: &holds)
        guard let index = managers.first(where: { $0.name == name })?.index else { continue }
        holds[index].details.removeAll { $0.text.hasPrefix(property + ":") }
        holds[index].details.append(Entry(text: "\(property): \(value)", from: use.from))
        if property == "allowsBackgroundLocationUpdates" && value && keep == nil {
          keep = Entry(text: "inBackground: keep", from: use.from)
        }
      case .service(let key, let receiver):
        let name = manager(for: receiver, at: use.from, holds: &holds)
        starts.append((0, use, found))
        guard seenServices.insert(key + ":" + name).inserted else { continue }
        holds.append(Entry(text: "- \(key): \(name)", from: use.from, todo: Self.unplaced(found)))
        if key != "updatingLocation" && keep == nil {
          keep = Entry(text: "inBackground: keep", from: use.from)
        }
        needsExample += [
          key == "updatingLocation" ? "locationUpdates: [full, reduced]" : "\(key): delivered"
        ]
      case .regions(let receiver, let count, let loop):
        let name = manager(for: receiver, at: use.from, holds: &holds)
        starts.append((0, use, found))
        regionCount += count ?? 1
        if count == nil {
          regionTodos.append(
            "the number of regions: a loop over '\(loop ?? "")' it cannot count (\(use.from))")
        }
        if regionIndex == nil {
          regionIndex = holds.count
          holds.append(
            Entry(text: "- regions: \(name)", from: use.from, todo: Self.unplaced(found)))
          needsExample += ["regionEvents: delivered"]
        }
        if keep == nil { keep = Entry(text: "inBackground: keep", from: use.from) }
      case .request(let request, let purposeKey, let receiver):
        if let receiver, managers.isEmpty, !uses.contains(where: Self.createsManager) {
          _ = manager(for: receiver, at: use.from, holds: &holds)
        }
        starts.append((1, use, found))
        var text = "- \(request)"
        var todo = Self.unplaced(found)
        if request == "temporaryFullAccuracy" {
          text += ": \(DraftWriter.scalar(purposeKey ?? "PurposeKey"))"
          if purposeKey == nil { todo = "the purpose key: not a string literal" }
        }
        guard seenRequests.insert(text).inserted else { continue }
        requests.append(Entry(text: text, from: use.from, todo: todo))
      case .session(let code, let authorization, let purposeKey):
        let id = unique(code ?? "session")
        var entry = Entry(text: "- session: \(id)", from: use.from, todo: Self.unplaced(found))
        let goal = authorization.flatMap {
          ["none", "whenInUse", "always"].contains($0) ? $0 : nil
        }
        entry.details.append(
          Entry(
            text: "authorization: \(goal ?? "whenInUse")", from: use.from,
            todo: goal == nil ? "the goal: '\(authorization ?? "")' is not a literal" : nil))
        if let purposeKey {
          entry.details.append(
            Entry(text: "fullAccuracyPurposeKey: \(DraftWriter.scalar(purposeKey))", from: use.from)
          )
        }
        holds.append(entry)
        starts.append((0, use, found))
      case .liveUpdates:
        holds.append(Entry(text: "- liveUpdates", from: use.from, todo: Self.unplaced(found)))
        starts.append((0, use, found))
        needsExample += ["updates: full"]
      case .monitor:
        holds.append(Entry(text: "- monitor", from: use.from, todo: Self.unplaced(found)))
        starts.append((0, use, found))
        needsExample += ["monitorEvents: delivered"]
      case .backgroundActivity:
        holds.append(
          Entry(text: "- backgroundActivity", from: use.from, todo: Self.unplaced(found)))
        starts.append((0, use, found))
        if keep == nil { keep = Entry(text: "inBackground: keep", from: use.from) }
      }
    }
    if let regionIndex {
      holds[regionIndex].details.append(
        Entry(
          text: "count: \(max(1, regionCount))", from: holds[regionIndex].from,
          todo: regionTodos.isEmpty ? nil : regionTodos.joined(separator: "; ")))
    }
    // `startedBy`: where the first start of the most telling kind is reached from (a service
    // or session, else a request, else the manager's creation).
    var trigger: ProjectScan.TriggerSite?
    var others: [ProjectScan.TriggerSite] = []
    var deadEnds: [String] = []
    for category in 0...2 {
      let chosen = starts.filter { $0.category == category }
      let sites = chosen.flatMap { $0.found.triggers }.filter { $0.trigger != .relaunch }
      deadEnds += chosen.flatMap { $0.found.deadEnds }
      if let first = sites.first {
        trigger = first
        others = sites.filter { $0.trigger != first.trigger }
        break
      }
    }
    // With nothing placed, the user (the format's default); a relaunch alone restores it.
    let started = trigger?.trigger ?? .user
    var todo: String?
    if trigger == nil {
      todo =
        "who starts it: "
        + (deadEnds.first.map { "in '\($0)', which nothing here calls" } ?? "nothing found does")
      if let relaunch { todo = "who starts it: only a location relaunch (\(relaunch)) does" }
    } else if !others.isEmpty {
      var seen: Set<Trigger> = []
      let also = others.filter { seen.insert($0.trigger).inserted }
      todo =
        "who starts it: also "
        + also.map { "\($0.trigger.rawValue) (\($0.from))" }.joined(separator: ", ")
    }
    startedBy = Entry(text: "startedBy: \(started.rawValue)", from: trigger?.from, todo: todo)
    if started == .user, let relaunch {
      restore = Entry(text: "restore: true", from: relaunch)
    }
    if started != .foreground { inBackground = keep }
  }

  static func createsManager(_ use: CoreLocationUse) -> Bool {
    if case .manager = use.kind { true } else { false }
  }

  /// What to check about a holding whose start call nothing places.
  static func unplaced(_ found: ProjectScan.Resolution) -> String? {
    guard found.triggers.isEmpty, let end = found.deadEnds.first else { return nil }
    return "when it starts: in '\(end)', which nothing here calls"
  }

  func write(to writer: inout DraftWriter) {
    writer.line("  \(name):", from: from)
    for entry in [startedBy, restore, inBackground].compactMap({ $0 }) {
      writer.line("    " + entry.text, from: entry.from, todo: entry.todo)
    }
    if !requests.isEmpty {
      writer.line("    requests:")
      for entry in requests {
        writer.line("      " + entry.text, from: entry.from, todo: entry.todo)
      }
    }
    if !holds.isEmpty {
      writer.line("    holds:")
      for entry in holds {
        writer.line("      " + entry.text, from: entry.from, todo: entry.todo)
        for detail in entry.details {
          writer.line("        " + detail.text, from: detail.from, todo: detail.todo)
        }
      }
    }
    writer.comment(
      "TODO: write needs: what \(name) is for, in the foreground and/or the background "
        + "(docs/APPS.md, Features), for example:", indent: "    ")
    let example =
      needsExample.first ?? "authorizationStatus: [authorizedWhenInUse, authorizedAlways]"
    let when = inBackground == nil ? "foreground" : "background"
    writer.lines += ["    # needs:", "    #   \(when):", "    #     \(example)"]
  }
}

extension CoreLocationUse {
  /// The method a service or request use calls.
  var methodName: String {
    switch kind {
    case .service(let key, _):
      SwiftScanner.services.first { $0.value == key }?.key ?? key
    case .request(let request, _, _):
      SwiftScanner.requests.first { $0.value == request }?.key ?? request
    default: ""
    }
  }
}

extension ProjectScan {
  /// Whether `name` is a manager `type` creates with `CLLocationManager()`.
  func isManager(_ name: String, of type: String) -> Bool {
    uses.contains {
      if case .manager(let code) = $0.kind { $0.type == type && code == name } else { false }
    }
  }
}
