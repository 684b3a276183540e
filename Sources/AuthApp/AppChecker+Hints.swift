import AuthEngine
import AuthModel

extension AppChecker {
  /// Gives a failure its hint and, for a failure with rules, puts its deciding rule first.
  ///
  /// The candidate edits (``AppEdit/candidates(for:in:)``, smallest first) of the failing
  /// feature — of every feature, in file order, for one of the app's checks or an A1 error —
  /// are applied one by one, and the failure is checked again on each edited app by the same
  /// checker: the static checks for an A1 error; otherwise the same property
  /// (``properties(of:)``) over the same users, within `options`' limits. The first edit with
  /// which it no longer fails gives the hint. The failing story is then played on the edited
  /// app: the rules cited for the unmet values before and no longer in its last state are the
  /// deciding ones, first in `because`, the others after them, each group in rule order.
  /// Without such an edit, `because` is in rule order, and there is no hint but for a check
  /// over every user whose story ends in a user's or the system's denial (Don't Allow, Never,
  /// Precise off…: ``FailureCause/deniesLocation``), whose hint is the fallback the app should
  /// show instead.
  ///
  /// `progress` hears each edited app's search as `search for a hint (EDIT)`, so that a large
  /// app's hints are never a silent wait.
  static func advise(
    _ failure: inout AppFailure, _ app: AppDescription, options: ExplorationOptions,
    progress: (@Sendable (AppProgress) -> Void)? = nil
  ) {
    let target: AppVerdict.Check
    let cooperative: Bool
    var features = Array(app.features.indices)
    switch failure.kind {
    case .works(let name, let place):
      guard let i = app.features.firstIndex(where: { $0.name == name }) else { return }
      target = .works(feature: name, place: place)
      cooperative = true
      features = [i]
    case .check(let index):
      target = .check(index: index, name: app.checks[index].name)
      cooperative = app.checks[index].users == .cooperative
    case .staticCheck(let check) where check.isError:
      target = .staticCheck(check)
      cooperative = false
    default:
      return
    }
    var options = options
    options.progress = nil
    options.witnessPaths = false
    options.stopWhenEveryInvariantIsViolated = true
    var deciding: Set<Rule> = []
    var tried: Set<String> = []
    search: for i in features {
      for edit in AppEdit.candidates(for: i, in: app) where tried.insert(edit.hint).inserted {
        guard let edited = edit.apply(app), edited.validationErrors().isEmpty else { continue }
        let findings = edited.staticFindings()
        if case .staticCheck = target {
          guard !findings.contains(where: { $0.message == failure.message }) else { continue }
          failure.hint = edit.hint
          break search
        }
        guard !findings.contains(where: \.check.isError),
          var system = try? AppSystem(edited, cooperative: cooperative)
        else { continue }
        let checked = properties(of: system).filter { $0.check == target }
        guard checked.count == 1 else { continue }
        system.properties = checked.map(\.property)
        let search = "search for a hint (\(edit.hint))"
        options.progress = progress.map { report in
          { @Sendable in report(AppProgress(search: search, states: $0.states)) }
        }
        let result = Explorer(system, options: options).run()
        guard result.isComplete, result.properties.allSatisfy(\.passed) else { continue }
        failure.hint = edit.hint
        // The same story on the edited app; the cooperative user answers a prompt that
        // differs there (the Precise toggle shown or not) with its most generous button.
        var state = system.initialStates[0]
        for action in failure.actions {
          if let next = system.next(state, action) {
            state = next
          } else if case .event(.tap) = action, let prompt = state.explored.model.pendingPrompt {
            let (button, precise) = AppSystem.generousAnswer(prompt, edited.configuration)
            if let next = system.next(state, .event(.tap(button, precise: precise))) {
              state = next
            }
          }
        }
        var after: Set<Rule> = []
        for term in failure.unmet {
          for citation in system.actual(term, in: state).1 { after.insert(citation.rule) }
        }
        deciding = Set(failure.because.map(\.rule)).subtracting(after)
        break search
      }
    }
    // No edit of the app fixes a check that a user's denial breaks: the app can only show
    // something else, which the cause's fallback says.
    if failure.hint == nil, case .check = target, !cooperative,
      let system = try? AppSystem(app, cooperative: false)
    {
      let cause = system.cause(from: system.initialStates[0], failure.actions, paused: false)
      if cause.deniesLocation, let fallback = cause.fallback {
        failure.hint = "a user's choice (\(cause.name)): \(fallback)"
      }
    }
    failure.because.sort {
      (deciding.contains($0.rule) ? 0 : 1, $0.rule) < (deciding.contains($1.rule) ? 0 : 1, $1.rule)
    }
  }
}
