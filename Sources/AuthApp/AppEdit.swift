import AuthEngine
import AuthModel

/// One change to an app file that could meet an unmet need, with the hint that says it in one
/// line.
///
/// Which edit fixes a failure is found, not decided by rules written here: ``AppChecker`` tries
/// the candidates of ``candidates(for:in:)`` in order, checks the failure again on each edited
/// app with the same checker, and the first that passes gives the hint. The rule the fix makes
/// disappear from the failing story's last state is the deciding rule, reported first.
public struct AppEdit: Sendable {
  /// What to change, in one line: `add \`restore: true\` to feature 'trailRecording'`.
  public let hint: String
  /// The edited app; `nil` where the edit does not apply (it would change nothing).
  let apply: @Sendable (AppDescription) -> AppDescription?

  /// The candidate edits of feature `i`, smallest change first: Info.plist keys (the
  /// when-in-use string, the Always string, each purpose key the feature names, `location` in
  /// `UIBackgroundModes`; no `NSLocationDefaultAccuracyReduced`), then the feature's flags
  /// (`restore: true`, `inBackground: keep`, `startedBy: foreground`, `startedBy: user`), then
  /// its goal (each session raised to `always`; temporary full accuracy, where it names no
  /// purpose key), then what it holds (an `always` session where it holds none, a background
  /// activity session). An edit that needs a key adds it too, so that the edited app has no
  /// static error of its own.
  public static func candidates(for i: Int, in app: AppDescription) -> [AppEdit] {
    let feature = app.features[i]
    let name = feature.name
    let whenInUse = info { $0.whenInUseUsageDescription = $0.whenInUseUsageDescription ?? "…" }
    let always = info {
      $0.alwaysAndWhenInUseUsageDescription = $0.alwaysAndWhenInUseUsageDescription ?? "…"
    }
    let backgroundMode = info {
      if !$0.hasLocationBackgroundMode { $0.backgroundModes.append("location") }
    }
    let plist = app.configuration.infoPlist
    var edits: [AppEdit] = []
    if plist.whenInUseUsageDescription == nil {
      edits.append(
        AppEdit(hint: "add NSLocationWhenInUseUsageDescription to Info.plist") {
          whenInUse($0)
        })
    }
    if plist.alwaysAndWhenInUseUsageDescription == nil {
      edits.append(
        AppEdit(hint: "add NSLocationAlwaysAndWhenInUseUsageDescription to Info.plist") {
          always($0)
        })
    }
    var keys: [String] = []
    for holding in feature.holds {
      if case .session(_, _, let key?) = holding.kind { keys.append(key) }
    }
    for request in feature.requests {
      if case .temporaryFullAccuracy(let key) = request.kind { keys.append(key) }
    }
    for key in keys where plist.temporaryUsageDescriptions[key] == nil {
      edits.append(
        AppEdit(hint: "add '\(key)' to NSLocationTemporaryUsageDescriptionDictionary in Info.plist")
        {
          Self.info { $0.temporaryUsageDescriptions[key] = "…" }($0)
        })
    }
    if !plist.hasLocationBackgroundMode {
      edits.append(
        AppEdit(hint: "add `location` to UIBackgroundModes in Info.plist") {
          backgroundMode($0)
        })
    }
    if plist.defaultAccuracyReduced {
      edits.append(
        AppEdit(hint: "remove NSLocationDefaultAccuracyReduced from Info.plist") {
          info { $0.defaultAccuracyReduced = false }($0)
        })
    }
    edits += [
      AppEdit(
        hint: "bring feature '\(name)' back after termination (`restore: true`)",
        apply: edit(i) {
          guard $0.startedBy == .user, !$0.restore else { return false }
          $0.restore = true
          return true
        }),
      AppEdit(
        hint: "keep feature '\(name)' running in the background (`inBackground: keep`)",
        apply: edit(i) {
          guard $0.startedBy != .foreground, $0.backgroundBehavior == .pause else { return false }
          $0.inBackground = .keep
          return true
        }),
      AppEdit(
        hint: "start feature '\(name)' in the foreground (`startedBy: foreground`)",
        apply: edit(i) {
          guard $0.startedBy == .launch else { return false }
          $0.startedBy = .foreground
          $0.inBackground = nil
          return true
        }),
      AppEdit(
        hint: "let the user start feature '\(name)' (`startedBy: user`)",
        apply: edit(i) {
          guard $0.startedBy != .user else { return false }
          $0.startedBy = .user
          return true
        }),
    ]
    edits += legacyCandidates(for: i, in: app, always: always, backgroundMode: backgroundMode)
    for holding in feature.holds {
      guard case .session(let id, let goal, let key) = holding.kind, goal != .always else {
        continue
      }
      edits.append(
        AppEdit(hint: "raise session '\(id)' of feature '\(name)' to `authorization: always`") {
          app in
          edit(i) {
            guard let at = $0.holds.firstIndex(of: holding) else { return false }
            $0.holds[at].kind = .session(
              id: id, authorization: .always, fullAccuracyPurposeKey: key)
            return true
          }(always(app))
        })
    }
    if keys.isEmpty {
      // Full accuracy for one use of the app (R11, R16): the first session's purpose key, or
      // (without a session) a request, with the key in the dictionary.
      let key = plist.temporaryUsageDescriptions[name] == nil ? name : "\(name)FullAccuracy"
      let session = feature.holds.firstIndex {
        if case .session(_, let goal, _) = $0.kind { goal != .none } else { false }
      }
      let how =
        session == nil
        ? "`request: temporaryFullAccuracy`" : "`fullAccuracyPurposeKey: \(key)`"
      edits.append(
        AppEdit(hint: "ask for temporary full accuracy in feature '\(name)' (\(how))") { app in
          edit(i) {
            if let session, case .session(let id, let goal, nil) = $0.holds[session].kind {
              $0.holds[session].kind = .session(
                id: id, authorization: goal, fullAccuracyPurposeKey: key)
            } else {
              $0.requests.append(FeatureRequest(.temporaryFullAccuracy(purposeKey: key)))
            }
            return true
          }(info { $0.temporaryUsageDescriptions[key] = "…" }(app))
        })
    }
    if !feature.holds.contains(where: {
      if case .session = $0.kind { true } else { false }
    }) {
      let taken = Set(
        app.features.flatMap(\.holds).compactMap { holding -> String? in
          if case .session(let id, _, _) = holding.kind { id } else { nil }
        })
      let id = taken.contains(name) ? "\(name)Session" : name
      edits.append(
        AppEdit(hint: "hold an `always` session in feature '\(name)' (`- session: \(id)`)") {
          app in
          edit(i) {
            $0.holds.insert(
              Holding(.session(id: id, authorization: .always, fullAccuracyPurposeKey: nil)), at: 0)
            return true
          }(always(app))
        })
    }
    if !feature.holds.contains(where: { $0.kind == .backgroundActivity }) {
      edits.append(
        AppEdit(
          hint: "hold a background activity session in feature '\(name)' "
            + "(`- backgroundActivity`)"
        ) { app in
          edit(i) {
            $0.holds.append(Holding(.backgroundActivity))
            return true
          }(backgroundMode(app))
        })
    }
    return edits
  }

  /// The candidate edits of a feature that holds a CLLocationManager (§8b): its manager's
  /// properties (`pausesLocationUpdatesAutomatically: false`, `allowsBackgroundLocationUpdates:
  /// true`, with the background mode), Always asked for by its requests, and its last `regions`
  /// with a `count` that keeps the app within 20 (R49).
  private static func legacyCandidates(
    for i: Int, in app: AppDescription,
    always: @escaping @Sendable (AppDescription) -> AppDescription,
    backgroundMode: @escaping @Sendable (AppDescription) -> AppDescription
  ) -> [AppEdit] {
    let feature = app.features[i]
    let name = feature.name
    guard
      let manager = feature.holds.firstIndex(where: {
        if case .manager = $0.kind { true } else { false }
      })
    else { return [] }
    guard case .manager(let managerName) = feature.holds[manager].kind else { return [] }
    var edits: [AppEdit] = []
    let properties = feature.holds[manager].properties
    let updates = feature.holds.contains {
      if case .updatingLocation = $0.kind { true } else { false }
    }
    if updates && properties.pausesLocationUpdatesAutomatically != false {
      edits.append(
        AppEdit(
          hint: "keep the updates of manager '\(managerName)' running "
            + "(`pausesLocationUpdatesAutomatically: false`)",
          apply: edit(i) {
            $0.holds[manager].properties.pausesLocationUpdatesAutomatically = false
            return true
          }))
    }
    if updates && properties.allowsBackgroundLocationUpdates != true {
      edits.append(
        AppEdit(
          hint: "let manager '\(managerName)' update in the background "
            + "(`allowsBackgroundLocationUpdates: true`)"
        ) { app in
          edit(i) {
            $0.holds[manager].properties.allowsBackgroundLocationUpdates = true
            return true
          }(backgroundMode(app))
        })
    }
    if let asked = feature.requests.firstIndex(where: { $0.kind == .whenInUse }) {
      edits.append(
        AppEdit(hint: "ask for Always in feature '\(name)' (`request: always`)") { app in
          edit(i) {
            $0.requests[asked].kind = .always
            return true
          }(always(app))
        })
    }
    let total = app.features.flatMap(\.holds).reduce(0) { sum, holding in
      if case .regions(_, let count) = holding.kind { sum + count } else { sum }
    }
    if total > LegacyServices.regionLimit,
      let last = feature.holds.lastIndex(where: {
        if case .regions = $0.kind { true } else { false }
      }),
      case .regions(let on, let count) = feature.holds[last].kind,
      count > total - LegacyServices.regionLimit
    {
      let fits = count - (total - LegacyServices.regionLimit)
      edits.append(
        AppEdit(
          hint: "monitor at most \(LegacyServices.regionLimit) regions: lower the last 'count' "
            + "of feature '\(name)' to \(fits)",
          apply: edit(i) {
            $0.holds[last].kind = .regions(manager: on, count: fits)
            return true
          }))
    }
    return edits
  }

  /// The edit of Info.plist that `change` makes.
  private static func info(
    _ change: @escaping @Sendable (inout InfoPlist) -> Void
  ) -> @Sendable (AppDescription) -> AppDescription {
    { app in
      var plist = app.configuration.infoPlist
      change(&plist)
      var app = app
      app.configuration = AppConfiguration(
        ios: app.configuration.ios, infoPlist: plist, mutation: app.configuration.mutation)
      return app
    }
  }

  /// The edit of feature `i` that `change` makes; `nil` where `change` says it does not apply.
  private static func edit(
    _ i: Int, _ change: @escaping @Sendable (inout Feature) -> Bool
  ) -> @Sendable (AppDescription) -> AppDescription? {
    { app in
      var app = app
      guard change(&app.features[i]) else { return nil }
      return app
    }
  }
}
