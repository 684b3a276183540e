import AuthEngine
import AuthExplorer
import AuthModel
import AuthScenario

/// Checks an app's description: the static checks A1–A4, then every story of the app.
///
/// An app with a static error is not explored. Otherwise two explorations run on AuthEngine's
/// engine: the cooperative user's stories, for `works` and the checks with
/// `user: cooperative`, and every user's, for the other checks. An exploration that stops early
/// (``ExplorationOptions/maxStates``) fails the app as incomplete, never passes it, with a
/// message that says how far it got and which features to split into another app file.
public enum AppChecker {
  /// Checks `app`.
  ///
  /// - Parameters:
  ///   - options: limits and threads both explorations and the search for the ways to fail;
  ///     its `progress` is not called (`progress` is).
  ///   - limit: what sets `options.maxStates`, for the INCOMPLETE message (`--max-states`).
  ///   - progress: called about once a second during each search, on the calling thread.
  public static func check(
    _ app: AppDescription, options: ExplorationOptions = ExplorationOptions(),
    limit: String? = nil, progress: (@Sendable (AppProgress) -> Void)? = nil
  ) -> AppReport {
    let findings = app.staticFindings()
    let staticErrors = findings.filter(\.check.isError).map {
      AppFailure(.staticCheck($0.check), message: $0.message, at: $0.position)
    }
    var verdicts = StaticCheck.allCases.map { check in
      let found = findings.filter { $0.check == check }
      return AppVerdict(
        .staticCheck(check), at: found.first?.position,
        found.isEmpty ? .holds : check.isError ? .fails : .warns)
    }
    guard staticErrors.isEmpty else {
      var findings = findings
      var staticErrors = staticErrors
      for index in staticErrors.indices {
        advise(&staticErrors[index], app, options: options, progress: progress)
        if let at = findings.firstIndex(where: { $0.message == staticErrors[index].message }) {
          findings[at].hint = staticErrors[index].hint
        }
      }
      return AppReport(
        app: app, findings: findings, failures: staticErrors, explorations: [], waysToFail: [],
        verdicts: verdicts)
    }
    var failures: [AppFailure] = []
    var explorations: [AppExploration] = []
    for cooperative in [true, false] {
      var system: AppSystem
      do {
        system = try AppSystem(app, cooperative: cooperative)
      } catch {
        failures.append(AppFailure(.unsupported, message: error.message, at: nil))
        break
      }
      let properties = self.properties(of: system)
      system.properties = properties.map(\.property)
      let users = cooperative ? "the cooperative user's" : "every user's"
      let search = "exploration of \(users) stories"
      var options = options
      options.progress = progress.map { report in
        { @Sendable in report(AppProgress(search: search, states: $0.states)) }
      }
      let result = Explorer(system, options: options).run()
      explorations.append(
        AppExploration(
          cooperative: cooperative, states: result.states, transitions: result.transitions,
          depth: result.depth, complete: result.isComplete))
      for (checked, verdict) in zip(properties, result.properties) {
        if let check = checked.check {
          let outcome: AppVerdict.Outcome =
            if case .unknown = verdict.verdict { .undecided } else {
              verdict.passed ? .holds : .fails
            }
          verdicts.append(AppVerdict(check, at: checked.position, outcome))
        }
        guard !verdict.passed else { continue }
        // Undecided in an exploration that stopped early: the INCOMPLETE failure says so.
        if case .unknown = verdict.verdict { continue }
        failures.append(checked.failure(verdict, system))
      }
      if !result.isComplete {
        failures.append(
          AppFailure(
            .incomplete, message: incomplete(search, states: result.states, app, limit: limit),
            at: nil))
      }
    }
    for index in failures.indices {
      advise(&failures[index], app, options: options, progress: progress)
    }
    var ways: [WayToFail] = []
    // Over every user's stories, as the second exploration: known only when that was complete.
    if explorations.count == 2, explorations.allSatisfy(\.complete),
      let system = try? AppSystem(app, cooperative: false)
    {
      let search = "search for the ways each feature can fail"
      if let found = system.waysToFail(
        maxStates: options.maxStates,
        progress: progress.map { report in { report(AppProgress(search: search, states: $0)) } })
      {
        ways = found
      } else {
        failures.append(
          AppFailure(
            .incomplete,
            message: incomplete(search, states: options.maxStates ?? 0, app, limit: limit),
            at: nil))
      }
    }
    failures.sort {
      ($0.position ?? .init(line: 0, column: 0)) < ($1.position ?? .init(line: 0, column: 0))
    }
    return AppReport(
      app: app, findings: findings, failures: failures, explorations: explorations,
      waysToFail: ways, verdicts: verdicts)
  }

  /// The INCOMPLETE message of a `search` that stopped after storing `states`: how far it got,
  /// that the app's features multiply its states, and which to move to an app file of their
  /// own — the three that hold the most, in file order among equals.
  package static func incomplete(
    _ search: String, states: Int, _ app: AppDescription, limit: String?,
    outcome: String = "nothing is proved"
  ) -> String {
    let features = app.features.count
    let most = app.features.indices.sorted {
      (app.features[$1].holds.count, $0) < (app.features[$0].holds.count, $1)
    }.prefix(min(3, max(1, features / 2))).map { "'\(app.features[$0].name)'" }
    let advice =
      switch most.count {
      case _ where features < 2:
        "the app's one feature holds too much to explore: give it fewer holdings"
      case 1:
        "split the app into smaller app files, e.g. \(most[0]) (the feature that holds the "
          + "most) in a file of its own"
      default:
        "split the app into smaller app files, e.g. "
          + most.dropLast().joined(separator: ", ") + " and \(most.last!) (the features that "
          + "hold the most) in a file of their own"
      }
    var count = String(states)
    for index in stride(from: count.count - 3, to: 0, by: -3) {
      count.insert(",", at: count.index(count.startIndex, offsetBy: index))
    }
    return "INCOMPLETE: the \(search) stopped after \(count) states stored"
      + (limit.map { ", its limit (\($0))" } ?? ", its limit")
      + ", and the states of the app's \(features) feature\(features == 1 ? "" : "s") were still "
      + "growing; \(outcome): \(advice)"
  }

  /// A property and how its violation reads as a failure.
  struct Checked {
    let property: Property<AppSystem>
    /// The app's check it decides, and where the file writes it; `nil` for the model's own.
    var check: AppVerdict.Check? = nil
    var position: SourcePosition? = nil
    let failure: (PropertyResult<AppSystem>, AppSystem) -> AppFailure

    func failure(_ result: PropertyResult<AppSystem>, _ system: AppSystem) -> AppFailure {
      failure(result, system)
    }
  }

  /// What one exploration checks: over the cooperative user, every `works` need and the
  /// cooperative checks; over every user, the other checks; and in both, that no reaction was
  /// refused.
  static func properties(of system: AppSystem) -> [Checked] {
    let app = system.app
    var checked: [Checked] = [
      Checked(
        property: .always("reactions", "the model takes every reaction of the app") {
          !$0.refusedReaction
        },
        failure: { result, system in
          let story = result.path.map(system.story) ?? []
          return AppFailure(
            .internalError,
            message:
              "internal error: the model refused one of the app's reactions, which cannot happen "
              + "in a file without static errors", at: nil, story: story)
        })
    ]
    if system.cooperative {
      for (i, feature) in app.features.enumerated() {
        for (need, place, position) in [
          (feature.needs.foreground, AppRunState.foreground, feature.positions.foregroundNeed),
          (feature.needs.background, .background, feature.positions.backgroundNeed),
        ] {
          guard let need else { continue }
          checked.append(
            Checked(
              property: .always("works \(feature.name) \(place)", "works") { state in
                !system.worksApplies(i, at: place, in: state) || system.holds(need, in: state)
              },
              check: .works(feature: feature.name, place: place),
              position: position ?? feature.positions.name,
              failure: { result, system in
                let final = result.path?.finalState
                var failure = AppFailure(
                  .works(feature: feature.name, place: place),
                  message:
                    "feature '\(feature.name)' does not work in the \(place.rawValue) for a user "
                    + "who allows everything", at: position ?? feature.positions.name)
                if let final { failure.explain(need, in: final, system) }
                failure.story = result.path.map(system.story) ?? []
                failure.actions = result.path?.steps.map(\.action) ?? []
                return failure
              }))
        }
      }
    }
    for (index, check) in app.checks.enumerated()
    where (check.users == .cooperative) == system.cooperative {
      let label = check.name.map { "'\($0)'" } ?? "check \(index + 1)"
      let property: Property<AppSystem>
      switch check.kind {
      case .always(let c):
        property = .always("check \(index)", label) { system.holds(c, in: $0) }
      case .never(let c):
        property = .always("check \(index)", label) { !system.holds(c, in: $0) }
      case .when(let w, let e):
        property = .always("check \(index)", label) {
          !system.holds(w, in: $0) || system.holds(e, in: $0)
        }
      case .reachable(let c):
        property = .sometimes("check \(index)", label) { system.holds(c, in: $0) }
      }
      checked.append(
        Checked(
          property: property, check: .check(index: index, name: check.name),
          position: check.position,
          failure: { result, system in
            var failure = AppFailure(
              .check(index: index),
              message: "check \(label) does not hold"
                + (check.users == .cooperative ? " for the cooperative user" : ""),
              at: check.position)
            if case .notReached = result.verdict {
              failure.message =
                "check \(label) does not hold: no story reaches such a state"
                + (check.users == .cooperative ? " for the cooperative user" : "")
            }
            if let final = result.path?.finalState {
              switch check.kind {
              case .always(let c), .when(_, expect: let c): failure.explain(c, in: final, system)
              case .never(let c):
                failure.message += ": a story reaches a state it rules out"
                failure.show(c, in: final, system)
              case .reachable: break
              }
            }
            failure.story = result.path.map(system.story) ?? []
            failure.actions = result.path?.steps.map(\.action) ?? []
            return failure
          }))
    }
    return checked
  }
}

/// How far checking an app has got: which search runs, and the states it has stored.
public struct AppProgress: Hashable, Sendable {
  /// `exploration of every user's stories`, `search for the ways each feature can fail`.
  public var search: String
  /// Distinct states stored so far.
  public var states: Int

  public init(search: String, states: Int) {
    self.search = search
    self.states = states
  }
}

/// What checking an app found.
public struct AppReport: Hashable, Sendable {
  public var app: AppDescription
  /// Every finding of A1–A4, errors and warnings, sorted by position.
  public var findings: [StaticFinding]
  /// What fails the app, sorted by position; empty when it passes.
  public var failures: [AppFailure]
  /// The explorations run: the cooperative user's, then every user's; none after a static error.
  public var explorations: [AppExploration]
  /// The ways each feature can fail, over every user (a report, not a verdict).
  public var waysToFail: [WayToFail]

  /// The findings that only warn (A2–A4).
  public var warnings: [StaticFinding] { findings.filter { !$0.check.isError } }

  /// Whether the app passed: no static error, both explorations complete, every check held.
  public var passed: Bool { failures.isEmpty }

  /// Whether the app's stories were explored to the end.
  public var explored: Bool { explorations.count == 2 && explorations.allSatisfy(\.complete) }
  /// Every check's verdict: A1–A4, then each `works` need and each of the app's checks as the
  /// explorations decided them (none after a static error, which stops the app unexplored).
  public var verdicts: [AppVerdict]
}

/// One check of an app and what became of it.
public struct AppVerdict: Hashable, Sendable {
  public enum Check: Hashable, Sendable {
    /// A static check, A1–A4.
    case staticCheck(StaticCheck)
    /// A feature's need where it is, for the cooperative user.
    case works(feature: String, place: AppRunState)
    /// The app's own check at this index of `checks`, with its name if it has one.
    case check(index: Int, name: String?)
  }

  public enum Outcome: String, Hashable, Sendable {
    /// It holds (a static check: nothing found).
    case holds
    /// It does not hold: the app fails.
    case fails
    /// A static check found only what warns (A2–A4).
    case warns
    /// The exploration stopped before deciding it: the app fails as incomplete.
    case undecided
  }

  public var check: Check
  /// Where the file writes what it checks: the need or check, or a static check's first finding.
  public var position: SourcePosition?
  public var outcome: Outcome

  public init(_ check: Check, at position: SourcePosition?, _ outcome: Outcome) {
    self.check = check
    self.position = position
    self.outcome = outcome
  }
}

/// The size of one exploration.
public struct AppExploration: Hashable, Sendable {
  /// Whether it explored the cooperative user's stories or every user's.
  public var cooperative: Bool
  public var states: Int
  public var transitions: Int
  public var depth: Int
  public var complete: Bool
}

/// One reason an app fails.
public struct AppFailure: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// A static check that is an error (A1); the app is not explored.
    case staticCheck(StaticCheck)
    /// A feature's need is unmet for the cooperative user.
    case works(feature: String, place: AppRunState)
    /// The app's own check at this index does not hold.
    case check(index: Int)
    /// An exploration stopped early.
    case incomplete
    /// The model refused one of the app's reactions.
    case internalError
    /// The app is too large to explore.
    case unsupported

    var isStatic: Bool { if case .staticCheck = self { true } else { false } }
  }

  public var kind: Kind
  public var message: String
  /// Where the app file says what failed; `nil` for a description built in Swift, or for a
  /// failure of the whole file.
  public var position: SourcePosition?
  /// The expected and actual values of the unmet keys, as an app file writes them.
  public var expected: String?
  public var actual: String?
  /// The rules behind the actual values.
  public var because: [Citation]
  /// The shortest story to the failure.
  public var story: [StoryStep]
  /// The terms the final state of the story does not meet (empty when none applies).
  public var unmet: [Condition.Term] = []
  /// What to change in the app file so that the failure goes away, in one line: the first
  /// candidate edit (``AppEdit``) with which the same check holds; `nil` when none does.
  public var hint: String?
  /// The steps of the story, for checking it again on an edited app.
  var actions: [AppSystem.Action] = []

  public init(
    _ kind: Kind, message: String, at position: SourcePosition?, story: [StoryStep] = []
  ) {
    self.kind = kind
    self.message = message
    self.position = position
    self.because = []
    self.story = story
  }

  /// Fills `expected`, `actual` and `because` from the terms of `condition` unmet in `state`.
  mutating func explain(_ condition: Condition, in state: AppSystem.State, _ system: AppSystem) {
    let terms = condition.terms.filter { !system.holds($0.term, in: state) }
    unmet = terms.map(\.term)
    describe(terms, in: state, system)
  }

  /// Fills `expected` (`not` the condition) and `actual`, `because` from every term of a
  /// `never` condition that `state` satisfies.
  mutating func show(_ condition: Condition, in state: AppSystem.State, _ system: AppSystem) {
    describe(condition.terms, in: state, system)
    expected = expected.map { "not (\($0))" }
  }

  private mutating func describe(
    _ terms: [Condition.PositionedTerm], in state: AppSystem.State, _ system: AppSystem
  ) {
    var expected: [String] = []
    var actual: [String] = []
    for term in terms {
      let (value, citations) = system.actual(term.term, in: state)
      let key = term.term.key
      let label: String
      if case .diagnostics(let holder, _) = term.term {
        label = "diagnostics of '\(holder)'"
      } else {
        label = key
      }
      expected.append("\(label) \(AppSystem.expected(term.term))")
      actual.append("\(label) \(value)")
      for citation in citations where !because.contains(citation) { because.append(citation) }
    }
    if !expected.isEmpty {
      self.expected = expected.joined(separator: ", ")
      self.actual = actual.joined(separator: ", ")
    }
  }
}
