import AuthEngine
import AuthExplorer
import AuthModel
import AuthScenario

/// An app's permission journey at the level a person thinks in (`authcheck diagram`): every
/// reachable state, grouped by what the user sees — the effective authorization status, the
/// accuracy, the prompt on screen and, for an app file, the features that are on — with an
/// edge for every step that moves from one group to another.
///
/// A step that stays inside its group is folded away: most lifecycle steps, a request with no
/// effect, a Settings change to what is already set. A lifecycle step that changes the group (a
/// lapsed Allow Once, a relaunch that starts a feature) is drawn like a user's decision. Each
/// edge carries every step that makes it, in the words of a scenario (`tap: allowOnce`,
/// `settings: location never`, `start map`).
public struct PermissionDiagram: Hashable, Sendable {
  /// What the diagram is of: the app's name, or the configuration explored.
  public var title: String
  /// The groups, the start group first, then in the order a breadth-first walk meets them.
  public var groups: [Group]
  /// The edges, by source group, then target.
  public var edges: [Edge]
  /// What the cap on groups merged, in words; `nil` when nothing was.
  public var note: String?

  /// The states a user cannot tell apart.
  public struct Group: Hashable, Sendable {
    /// `CLLocationManager.authorizationStatus`.
    public var status: AuthorizationStatus
    /// `CLLocationManager.accuracyAuthorization`.
    public var accuracy: AccuracyAuthorization
    /// The prompt on screen, or waiting for the foreground.
    public var prompt: Prompt
    /// The features that are on, in file order; `nil` for the model alone, or where the cap
    /// merged the groups that differ only in them. With a one-feature view, that feature or
    /// nothing.
    public var features: [String]?
    /// Where each feature's needs hold in the group's states.
    public var verdicts: [Verdict]
    /// A user who allows everything reaches it (``AppSystem`` with `cooperative`).
    public var cooperative: Bool
    /// The model states it stands for.
    public var states: Int
    /// It stands for several groups the cap merged; its fields are those of the first.
    public var merged: Int = 0
  }

  /// Whether a feature's need holds in a group, where `works` checks it (the feature on, no
  /// prompt pending, the app where the need applies).
  public struct Verdict: Hashable, Sendable {
    public var feature: String
    public var place: AppRunState
    /// In how many of the group's states the need holds, and in how many it does not.
    public var holds: Int
    public var fails: Int
    /// The rules behind the unmet values, in rule order.
    public var rules: [Rule]

    /// `map (foreground): works`, `map (background): denied (R20, R34)`, or `works or
    /// denied` where the group holds both.
    public var summary: String {
      let outcome =
        fails == 0
        ? "works"
        : (holds == 0 ? "denied" : "works or denied")
          + " (" + rules.map(\.id).joined(separator: ", ") + ")"
      return "\(feature) (\(place.rawValue)): \(outcome)"
    }
  }

  /// Steps from one group to another.
  public struct Edge: Hashable, Sendable {
    public var from: Int
    public var to: Int
    /// Every step that makes it, in the order first met.
    public var labels: [String]
  }

  /// The group of a state.
  struct Key: Hashable {
    var status: AuthorizationStatus
    var accuracy: AccuracyAuthorization
    var prompt: Prompt
    var features: UInt32

    init(_ model: AuthorizationState, _ c: AppConfiguration, features: UInt32) {
      var trace = Trace.off
      status = model.authorizationStatus(c, trace: &trace)
      accuracy = model.accuracyAuthorization(trace: &trace)
      prompt = model.prompt(trace: &trace)
      self.features = features
    }
  }
}

extension PermissionDiagram {
  /// Why a diagram is not drawn.
  public enum Failure: Error, Hashable, Sendable {
    /// The app is beyond what the model explores.
    case unsupported(AppSystem.Unsupported)
    /// The sessions of the model alone are not a catalogue.
    case catalogue(CatalogueError)
    /// A walk stored its limit of states and was still going: an INCOMPLETE message that says
    /// how far it got and what to do.
    case incomplete(String)

    public var message: String {
      switch self {
      case .unsupported(let error): error.message
      case .catalogue(let error): error.message
      case .incomplete(let message): message
      }
    }
  }

  /// The most groups a diagram draws unless told otherwise.
  public static let defaultMaximumGroups = 40

  /// The diagram of `app`: its groups and edges over every user's decisions, its groups marked
  /// where the cooperative user reaches them.
  ///
  /// - Parameters:
  ///   - feature: draw one feature's view: groups tell only whether that feature is on, and
  ///     say only its needs.
  ///   - maximumGroups: past it, the groups that differ only in the features on are merged,
  ///     then the groups met last are merged into one; ``note`` says so.
  ///   - maxStates: the most states each walk stores, `nil` for no limit; a walk that would
  ///     store more stops the diagram with ``Failure/incomplete(_:)``.
  ///   - limit: what sets `maxStates`, for the INCOMPLETE message.
  ///   - progress: hears the states a walk has stored, every 65,536 of them.
  public static func of(
    _ app: AppDescription, feature: String? = nil, maximumGroups: Int = defaultMaximumGroups,
    maxStates: Int? = nil, limit: String? = nil, progress: ((Int) -> Void)? = nil
  ) throws(Failure) -> PermissionDiagram {
    let (system, cooperative) = try systems(app)
    let shown = feature.flatMap { system.featureIndex($0) }
    let mask: UInt32 = shown.map { 1 << UInt32($0) } ?? .max
    let c = app.configuration
    let names = system.names
    let needs = Self.needs(app).filter { shown == nil || shown == $0.feature }
    func stopped(_ users: String) -> Failure {
      Self.stopped("diagram's walk over \(users) stories", app, maxStates: maxStates, limit: limit)
    }
    func build(features: Bool) throws(Failure) -> Walked<AppSystem> {
      func key(_ s: AppSystem.State) -> Key {
        Key(s.explored.model, c, features: features ? s.on & mask : 0)
      }
      guard
        let walkedByCooperative = Walked.walk(
          cooperative, key: key, label: nil, verdicts: nil, maxStates: maxStates,
          progress: progress)
      else { throw stopped("the cooperative user's") }
      let reached = Set(walkedByCooperative.keys)
      let walked = Walked.walk(
        system, key: key,
        label: { action in
          switch action {
          case .start(let i): "start \(app.features[i].name)"
          case .stop(let i): "stop \(app.features[i].name)"
          case .event(let event): ScenarioAction(event, names: names).summary
          }
        },
        verdicts: { state in
          needs.enumerated().compactMap { n, need -> (Int, Set<Rule>?)? in
            let (i, place, condition) = need
            guard system.worksApplies(i, at: place, in: state) else { return nil }
            guard !system.holds(condition, in: state) else { return (n, nil) }
            var rules: Set<Rule> = []
            for term in condition.terms where !system.holds(term.term, in: state) {
              rules.formUnion(system.actual(term.term, in: state).1.map(\.rule))
            }
            return (n, rules)
          }
        }, cooperative: reached, maxStates: maxStates, progress: progress)
      guard let walked else { throw stopped("every user's") }
      return walked
    }
    var walked = try build(features: true)
    var note: String?
    let hasFeatures = !app.features.isEmpty
    if hasFeatures && walked.keys.count > maximumGroups {
      note =
        "\(walked.keys.count) groups are more than \(maximumGroups): groups that differ only in "
        + (shown.map { "whether '\(app.features[$0].name)' is on are merged" }
          ?? "the features that are on are merged (draw one feature with --feature NAME)")
      walked = try build(features: false)
    }
    let featureNames: (UInt32) -> [String]? = { bits in
      guard hasFeatures, note == nil else { return nil }
      return app.features.indices.filter { bits & (1 << UInt32($0)) != 0 }.map {
        app.features[$0].name
      }
    }
    return walked.diagram(
      title: app.name, maximumGroups: maximumGroups, note: note, features: featureNames,
      needs: needs.map { (app.features[$0.0].name, $0.1) })
  }

  /// The diagram of the model alone: the app of `configuration` with the sessions of
  /// `catalogue`, every step of the explorer, the app's calls among them. The cooperative user
  /// answers each prompt with its most generous button and never opens Settings.
  ///
  /// `maxStates`, `limit` and `progress` bound and report each walk as for an app.
  public static func of(
    _ configuration: AppConfiguration, catalogue: SessionCatalogue,
    maximumGroups: Int = defaultMaximumGroups, maxStates: Int? = nil, limit: String? = nil,
    progress: ((Int) -> Void)? = nil
  ) throws(Failure) -> PermissionDiagram {
    let system: AuthorizationSystem
    do {
      system = try AuthorizationSystem(configuration: configuration, catalogue: catalogue)
    } catch {
      throw .catalogue(error)
    }
    let names = system.names
    func key(_ node: ExplorerNode) -> Key { Key(node.state.model, configuration, features: 0) }
    let stopped = Failure.incomplete(
      "INCOMPLETE: the diagram's walk stopped after \(maxStates ?? 0) states stored, its limit"
        + (limit.map { " (\($0))" } ?? "")
        + ", and the model's states were still growing; nothing is drawn: give fewer sessions")
    guard
      let reached = Walked.walk(
        system, key: key, label: nil, verdicts: nil,
        allowed: { node, event in
          AppSystem.cooperativeUserTakes(event, in: node.state.model, configuration)
        }, maxStates: maxStates, progress: progress)?.keys
    else { throw stopped }
    let cooperative = Set(reached)
    guard
      let walked = Walked.walk(
        system, key: key, label: { ScenarioAction($0, names: names).summary }, verdicts: nil,
        cooperative: cooperative, maxStates: maxStates, progress: progress)
    else { throw stopped }
    let title =
      "iOS \(configuration.ios.rawValue), sessions \(catalogue)"
    return walked.diagram(
      title: title, maximumGroups: maximumGroups, note: nil,
      features: { (_: UInt32) -> [String]? in nil }, needs: [])
  }
}

/// Every reachable state of a system, grouped by ``PermissionDiagram/Key``: a visitor of the
/// engine's breadth-first walk (``BreadthFirstWalk``), which counts each state in its group,
/// with its needs' verdicts, and notes each step from one group to another.
struct Walked<S: ExplorationHints>: WalkVisitor {
  typealias System = S
  typealias Key = PermissionDiagram.Key
  /// The groups, in the order met.
  var keys: [Key] = []
  var index: [Key: Int] = [:]
  var states: [Int] = []
  /// Per group, per need: states where it holds, where it fails, and the rules of the fails.
  var needs: [[Int: (holds: Int, fails: Int, rules: Set<Rule>)]] = []
  var edges: [Int: [Int: [String]]] = [:]
  /// Each pair of groups with an edge, in the order first met: the order the cap merges them in.
  var edgeOrder: [(from: Int, to: Int)] = []
  var cooperative: Set<Key> = []
  let key: (S.State) -> Key
  let label: ((S.Action) -> String)?
  let verdicts: ((S.State) -> [(Int, Set<Rule>?)])?
  let allowed: (S.State, S.Action) -> Bool
  /// The group of the state the walk is expanding.
  var from = 0

  /// Walks `system` from its initial states, taking the steps `allowed` lets through, in the
  /// engine's order; `nil` when the walk would store more than `maxStates` states.
  ///
  /// - Parameters:
  ///   - verdicts: for a state, each need `works` checks there, by index, with the rules behind
  ///     its unmet values, or `nil` where it holds; `nil` to skip.
  ///   - progress: hears the states stored, every 65,536 of them.
  static func walk(
    _ system: S, key: @escaping (S.State) -> Key, label: ((S.Action) -> String)?,
    verdicts: ((S.State) -> [(Int, Set<Rule>?)])?,
    allowed: @escaping (S.State, S.Action) -> Bool = { _, _ in true },
    cooperative: Set<Key> = [], maxStates: Int? = nil, progress: ((Int) -> Void)? = nil
  ) -> Walked? {
    var walked = Walked(key: key, label: label, verdicts: verdicts, allowed: allowed)
    walked.cooperative = cooperative
    let result = BreadthFirstWalk(system, maxStates: maxStates).run(&walked, progress: progress)
    return result.isComplete ? walked : nil
  }

  private init(
    key: @escaping (S.State) -> Key, label: ((S.Action) -> String)?,
    verdicts: ((S.State) -> [(Int, Set<Rule>?)])?, allowed: @escaping (S.State, S.Action) -> Bool
  ) {
    self.key = key
    self.label = label
    self.verdicts = verdicts
    self.allowed = allowed
  }

  /// The index of group `k`, a new one when first met.
  private mutating func group(_ k: Key) -> Int {
    if let i = index[k] { return i }
    index[k] = keys.count
    keys.append(k)
    states.append(0)
    needs.append([:])
    return keys.count - 1
  }

  mutating func visit(_ state: S.State, key packed: UInt64, depth: Int) {
    from = group(key(state))
    states[from] += 1
    for (need, unmet) in verdicts?(state) ?? [] {
      var entry = needs[from][need] ?? (0, 0, [])
      if let unmet {
        entry.fails += 1
        entry.rules.formUnion(unmet)
      } else {
        entry.holds += 1
      }
      needs[from][need] = entry
    }
  }

  func allows(_ action: S.Action, in state: S.State) -> Bool { allowed(state, action) }

  mutating func visit(step state: S.State, _ action: S.Action, to successor: S.State) {
    let to = group(key(successor))
    if to != from, let label {
      let text = label(action)
      if !(edges[from]?[to]?.contains(text) ?? false) {
        if edges[from]?[to] == nil { edgeOrder.append((from, to)) }
        edges[from, default: [:]][to, default: []].append(text)
      }
    }
  }
}

extension Walked {
  /// The diagram of the groups walked; past `maximumGroups`, the groups met last are merged
  /// into one.
  func diagram(
    title: String, maximumGroups: Int, note: String?, features: (UInt32) -> [String]?,
    needs: [(String, AppRunState)]
  ) -> PermissionDiagram {
    let cap = max(maximumGroups, 2)
    let kept = keys.count > cap ? cap - 1 : keys.count
    var note = note
    if keys.count > cap {
      note =
        (note.map { $0 + "; then " } ?? "")
        + "the \(keys.count - kept) groups met last of \(keys.count) are merged into one, "
        + "to keep \(cap)"
    }
    func target(_ group: Int) -> Int { min(group, kept) }
    var groups: [PermissionDiagram.Group] = []
    for (g, key) in keys.enumerated() {
      var verdicts: [PermissionDiagram.Verdict] = []
      for (n, (feature, place)) in needs.enumerated() {
        guard let entry = self.needs[g][n] else { continue }
        verdicts.append(
          PermissionDiagram.Verdict(
            feature: feature, place: place, holds: entry.holds, fails: entry.fails,
            rules: Rule.allCases.filter(entry.rules.contains)))
      }
      let group = PermissionDiagram.Group(
        status: key.status, accuracy: key.accuracy, prompt: key.prompt,
        features: features(key.features), verdicts: verdicts,
        cooperative: cooperative.contains(key), states: states[g])
      if g < kept {
        groups.append(group)
      } else if g == kept {
        var merged = group
        merged.merged = 1
        merged.verdicts = []
        merged.features = nil
        groups.append(merged)
      } else {
        groups[kept].merged += 1
        groups[kept].states += group.states
        groups[kept].cooperative = groups[kept].cooperative || group.cooperative
      }
    }
    var merged: [Int: [Int: [String]]] = [:]
    // In the order the edges were first met, so that a merged edge's labels are too.
    for (from, to) in edgeOrder where target(from) != target(to) {
      for label in edges[from]![to]!
      where !(merged[target(from)]?[target(to)]?.contains(label) ?? false) {
        merged[target(from), default: [:]][target(to), default: []].append(label)
      }
    }
    let edges = merged.keys.sorted().flatMap { from in
      merged[from]!.keys.sorted().map { to in
        PermissionDiagram.Edge(from: from, to: to, labels: merged[from]![to]!)
      }
    }
    return PermissionDiagram(title: title, groups: groups, edges: edges, note: note)
  }
}

// What the full graph and the journey (``PermissionJourney``) both start from.
extension PermissionDiagram {
  /// The app's system for every user and for the cooperative one, which both walk.
  static func systems(
    _ app: AppDescription
  ) throws(Failure) -> (every: AppSystem, cooperative: AppSystem) {
    do {
      return (try AppSystem(app, cooperative: false), try AppSystem(app, cooperative: true))
    } catch {
      throw .unsupported(error)
    }
  }

  /// Each need of the app's features, in file order: the feature's index, where the need
  /// applies and what it needs.
  static func needs(
    _ app: AppDescription
  ) -> [(feature: Int, place: AppRunState, condition: Condition)] {
    app.features.enumerated().flatMap { i, f in
      [(f.needs.foreground, AppRunState.foreground), (f.needs.background, .background)]
        .compactMap { need, place in need.map { (feature: i, place: place, condition: $0) } }
    }
  }

  /// The failure of a walk (`walk`, as the INCOMPLETE message names it) that reached
  /// `maxStates`.
  static func stopped(
    _ walk: String, _ app: AppDescription, maxStates: Int?, limit: String?
  ) -> Failure {
    .incomplete(
      AppChecker.incomplete(
        walk, states: maxStates ?? 0, app, limit: limit, outcome: "nothing is drawn"))
  }
}
