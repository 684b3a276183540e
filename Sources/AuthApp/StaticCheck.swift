import AuthModel
import AuthScenario

/// The checks authcheck makes on an app's description before exploring it.
public enum StaticCheck: String, Hashable, Sendable, CaseIterable {
  /// A key the flow needs is missing from Info.plist, or the flow uses what iOS 17 lacks
  /// (an error).
  case a1 = "A1"
  /// Premature Always: a feature the app starts by itself asks for Always (a warning).
  case a2 = "A2"
  /// A user feature with background needs that the app does not restore after termination
  /// (a warning).
  case a3 = "A3"
  /// Legacy requests on iOS 18 and later (a warning).
  case a4 = "A4"
  /// More than 20 regions (an error, R49).
  case a5 = "A5"
  /// Regions with reduced accuracy by default (a warning, R49, R2).
  case a6 = "A6"
  /// Regions on iOS 27, which deprecates them (a warning).
  case a7 = "A7"

  /// Whether a finding of this check fails the file.
  public var isError: Bool { self == .a1 || self == .a5 }

  /// What the check is about, in a few words.
  public var title: String {
    switch self {
    case .a1: "a key the app's flow needs is missing from Info.plist"
    case .a2: "premature Always"
    case .a3: "a background feature that is not restored"
    case .a4: "legacy requests on iOS 18 and later"
    case .a5: "more than 20 regions"
    case .a6: "regions with reduced accuracy by default"
    case .a7: "regions on iOS 27"
    }
  }

  /// What the check finds and why it matters, in plain words.
  public var statement: String {
    switch self {
    case .a1:
      "An error, and the app is not explored: the when-in-use usage string for any feature that "
        + "holds or requests location (every holding but a `none` session and a manager), the "
        + "Always usage string for an `always` goal or `request: always`, a purpose key that "
        + "NSLocationTemporaryUsageDescriptionDictionary lacks, `location` in UIBackgroundModes "
        + "for a feature that holds a CLBackgroundActivitySession (R35) or needs live updates "
        + "or a manager's continuous updates in the background (R33, R44), or for a manager "
        + "with `allowsBackgroundLocationUpdates: true` (R45: the app would crash); and sessions "
        + "or diagnostics on iOS 17. Without the key iOS shows no prompt (R7, R16, R23) or does "
        + "not run the app in the background. Monitoring needs no background mode (R34, R47–R49: "
        + "Always), and A1 never asks for a mode the app does not use."
    case .a2:
      "A warning: a feature the app starts by itself (at launch or in the foreground) asks for "
        + "Always, with an `always` session or `request: always`. Users are far more likely to "
        + "allow Always when they have just asked for the feature that needs it; ask then."
    case .a3:
      "A warning: a feature the user starts has needs in the background but `restore: false`, "
        + "so after iOS terminates the app the feature stays off until the user starts it again."
    case .a4:
      "A warning: `requestWhenInUseAuthorization()` and the other legacy requests on iOS 18 and "
        + "later, where a CLServiceSession declares what the app needs and prompts for it (R18). "
        + "Not for a feature that holds a legacy service: those are CLLocationManager's, and its "
        + "requests are the natural way to ask for them."
    case .a5:
      "An error: the `count`s of the features' regions add up to more than 20, the most an app "
        + "may monitor at a time (R49); the regions past 20 never register."
    case .a6:
      "A warning: regions held or `regionEvents` needed while NSLocationDefaultAccuracyReduced "
        + "is true: region events need full accuracy (R49, R2), and the app starts with Precise "
        + "off."
    case .a7:
      "A warning: regions on iOS 27, which deprecates them; hold `monitor` (CLMonitor) instead."
    }
  }
}

/// One finding of a static check.
public struct StaticFinding: Hashable, Sendable {
  public var check: StaticCheck
  /// What is wrong, starting with the check's id: `A1: Info.plist has no …`.
  public var message: String
  /// Where the file says what needs the missing key, or `nil` for a description built in Swift.
  public var position: SourcePosition?
  /// For an A1 error, what to add in one line (``AppChecker`` finds it, as a failure's hint).
  public var hint: String?

  public init(_ check: StaticCheck, _ message: String, at position: SourcePosition?) {
    self.check = check
    self.message = "\(check.rawValue): " + message
    self.position = position
  }

  /// The finding as a diagnostic: an error for A1, a warning for the others; at 1:1 when the
  /// description has no positions.
  public var diagnostic: Diagnostic {
    let at = position ?? SourcePosition(line: 1, column: 1)
    return check.isError ? .error(message, at: at) : .warning(message, at: at)
  }
}

extension AppDescription {
  /// The findings of A1–A7, sorted by position (in description order without positions).
  public func staticFindings() -> [StaticFinding] {
    var found: [StaticFinding] = []
    let plist = configuration.infoPlist
    let ios18 = configuration.hasServiceSessions
    let reducedByDefault = plist.defaultAccuracyReduced
    var regionCount = 0
    for feature in features {
      let name = feature.name
      let startsItself = feature.startedBy != .user
      let holdsLegacyService = feature.holds.contains { $0.kind.serviceManager != nil }
      let holdsRegions = feature.holds.contains {
        if case .regions = $0.kind { true } else { false }
      }
      if reducedByDefault && !holdsRegions {
        for (need, at) in [
          (feature.needs.foreground, feature.positions.foregroundNeed),
          (feature.needs.background, feature.positions.backgroundNeed),
        ]
        where need?.terms.contains(where: {
          if case .observable(.regionEvents, _) = $0.term { true } else { false }
        }) == true {
          found.append(reducedRegions(feature, at: at ?? feature.positions.name))
        }
      }
      // A1: the when-in-use string, once per feature, at the first thing that needs it (R7).
      if plist.whenInUseUsageDescription == nil {
        let first =
          feature.holds.first(where: \.usesLocation)?.position
          ?? feature.requests.first?.position
        if feature.holds.contains(where: \.usesLocation) || !feature.requests.isEmpty {
          found.append(
            StaticFinding(
              .a1,
              "Info.plist has no NSLocationWhenInUseUsageDescription, which feature '\(name)' "
                + "needs to use location; without it no prompt is shown (R7)",
              at: first))
        }
      }
      for holding in feature.holds {
        if holding.properties.allowsBackgroundLocationUpdates == true
          && !plist.hasLocationBackgroundMode
        {
          found.append(
            StaticFinding(
              .a1,
              "UIBackgroundModes has no 'location', which 'allowsBackgroundLocationUpdates: true' "
                + "of feature '\(name)' needs: setting it would crash the app (R45)",
              at: holding.keyPositions[.allowsBackgroundLocationUpdates] ?? holding.position))
        }
        if case .regions(_, let count) = holding.kind {
          let before = regionCount
          regionCount += count
          if before <= LegacyServices.regionLimit && regionCount > LegacyServices.regionLimit {
            found.append(
              StaticFinding(
                .a5,
                "the app's features monitor \(regionCount) regions with this 'count'; at most "
                  + "\(LegacyServices.regionLimit) register, the others fail (R49)",
                at: holding.keyPositions[.count] ?? holding.position))
          }
          if reducedByDefault {
            found.append(reducedRegions(feature, at: holding.position))
          }
          if configuration.ios == .ios27 {
            found.append(
              StaticFinding(
                .a7,
                "regions of feature '\(name)' on iOS 27, which deprecates region monitoring; "
                  + "hold 'monitor' (CLMonitor) instead", at: holding.position))
          }
        }
        guard case .session(let id, let goal, let key) = holding.kind else {
          if holding.kind == .backgroundActivity && !plist.hasLocationBackgroundMode {
            found.append(
              StaticFinding(
                .a1,
                "UIBackgroundModes has no 'location', which the background activity session of "
                  + "feature '\(name)' needs (R35)", at: holding.position))
          }
          continue
        }
        if !ios18 {
          found.append(
            StaticFinding(
              .a1,
              "session '\(id)' of feature '\(name)' needs iOS 18: iOS 17 has no CLServiceSession "
                + "(R39); use requests", at: holding.position))
        }
        if goal == .always {
          if plist.alwaysAndWhenInUseUsageDescription == nil {
            found.append(
              StaticFinding(
                .a1,
                "Info.plist has no NSLocationAlwaysAndWhenInUseUsageDescription, which session "
                  + "'\(id)' needs to ask for Always (R7)", at: holding.position))
          }
          if startsItself {
            found.append(prematureAlways(feature, "session '\(id)'", at: holding.position))
          }
        }
        if let key, plist.temporaryUsageDescriptions[key] == nil {
          found.append(missingPurposeKey(key, at: holding.purposeKeyPosition ?? holding.position))
        }
      }
      for request in feature.requests {
        switch request.kind {
        case .always:
          if plist.alwaysAndWhenInUseUsageDescription == nil {
            found.append(
              StaticFinding(
                .a1,
                "Info.plist has no NSLocationAlwaysAndWhenInUseUsageDescription, which "
                  + "'request: always' of feature '\(name)' needs (R7)", at: request.position))
          }
          if startsItself {
            found.append(prematureAlways(feature, "'request: always'", at: request.position))
          }
        case .temporaryFullAccuracy(let key):
          if plist.temporaryUsageDescriptions[key] == nil {
            found.append(missingPurposeKey(key, at: request.purposeKeyPosition ?? request.position))
          }
        case .whenInUse:
          break
        }
        if ios18 && !holdsLegacyService {
          found.append(
            StaticFinding(
              .a4,
              "legacy request in feature '\(name)' on iOS 18 and later (anti-pattern 7, ignoring "
                + "CLServiceSession); hold a session with the authorization the feature needs "
                + "instead",
              at: request.position))
        }
      }
      if let need = feature.needs.background {
        let at = feature.positions.backgroundNeed ?? feature.positions.name
        let delivered = Self.deliveriesNeedingBackgroundMode(need)
        if !plist.hasLocationBackgroundMode && !delivered.isEmpty {
          let keys = delivered.map { "'\($0.key.rawValue)'" }.joined(separator: " and ")
          let rules = delivered.map(\.rule.id).joined(separator: ", ")
          found.append(
            StaticFinding(
              .a1,
              "UIBackgroundModes has no 'location', which feature '\(name)' needs for \(keys) in "
                + "the background (\(rules))", at: at))
        }
        if feature.startedBy == .user && !feature.restore {
          found.append(
            StaticFinding(
              .a3,
              "feature '\(name)' needs location in the background but is not restored: after the "
                + "system terminates the app it stays off until the user starts it again; add "
                + "'restore: true'", at: at))
        }
      }
    }
    if !ios18 {
      for check in checks {
        for condition in check.kind.conditions {
          for term in condition.terms {
            guard case .diagnostics(let holder, _) = term.term else { continue }
            found.append(
              StaticFinding(
                .a1,
                "diagnostics of '\(holder)' need iOS 18: iOS 17 has no CLServiceSession "
                  + "diagnostics (R39)", at: term.position))
          }
        }
      }
    }
    return found.enumerated()
      .sorted {
        let l = $0.element.position ?? SourcePosition(line: Int.max, column: 0)
        let r = $1.element.position ?? SourcePosition(line: Int.max, column: 0)
        return (l, $0.offset) < (r, $1.offset)
      }
      .map(\.element)
  }

  /// The continuous deliveries a background need asks for that only run outside use with
  /// `location` in UIBackgroundModes: live updates (R33) and a manager's continuous updates
  /// (R44), each where the need does not accept `none`. Monitoring needs no background mode
  /// (R34, R47–R49: it needs Always), and neither does anything else a need may name.
  static func deliveriesNeedingBackgroundMode(
    _ need: Condition
  ) -> [(key: ObservableKey, rule: Rule)] {
    need.terms.compactMap { positioned in
      guard case .observable(let key, let values) = positioned.term else { return nil }
      switch key {
      case .updates where !values.contains(.updates(.none)): return (key, .r33)
      case .locationUpdates where !values.contains(.locationUpdates(.none)): return (key, .r44)
      default: return nil
      }
    }
  }

  private func prematureAlways(
    _ feature: Feature, _ what: String, at position: SourcePosition?
  ) -> StaticFinding {
    StaticFinding(
      .a2,
      "premature Always (anti-pattern 1): \(what) asks for Always in feature '\(feature.name)', "
        + "which the app starts by itself ('startedBy: \(feature.startedBy.rawValue)'), before "
        + "the user asked for anything that needs Always", at: position)
  }

  private func reducedRegions(_ feature: Feature, at position: SourcePosition?) -> StaticFinding {
    StaticFinding(
      .a6,
      "feature '\(feature.name)' uses regions while NSLocationDefaultAccuracyReduced is true: "
        + "region events need full accuracy (R49, R2), and the app starts with Precise off",
      at: position)
  }

  private func missingPurposeKey(_ key: String, at position: SourcePosition?) -> StaticFinding {
    StaticFinding(
      .a1,
      "purpose key '\(key)' is not in NSLocationTemporaryUsageDescriptionDictionary; full "
        + "accuracy is never asked for with it (R23)", at: position)
  }
}
