import AuthEngine
import AuthExplorer
import AuthModel
import AuthScenario

/// An app's permission journey as a team reads it (`authcheck diagram`, its default): the
/// cooperative user's path as a spine, and one branch off it for each reason a feature stops
/// working.
///
/// **The spine** is what a user who says yes goes through (``AppSystem`` with `cooperative`:
/// the most generous answer to every prompt, never Settings), in three legs, each the engine's
/// shortest path from where the last ended: into the foreground with as many features working
/// as that user can have there (launch, each prompt and its answer, each feature started), then
/// into the background with as many background needs met as can be, then back into the
/// foreground. Each box is what the user sees: where the app is, the status, the accuracy, the
/// prompt, and which features work, fail or are on; the steps that change none of it are
/// folded into the next edge's label. A box the path meets again is the same box.
///
/// **A branch** is a reason a feature stops working (``AppSystem/waysToFail(maxStates:progress:)``,
/// every user's stories): the ways with the same cause and reason (`Don't Allow`, `R25`) are one
/// box, which names the features that stop there and where their stories end. Each way hangs
/// off the spine box its story leaves the spine from, by the step that leaves it and the
/// story's last.
public struct PermissionJourney: Hashable, Sendable {
  /// What the journey is of: the app's name, or the configuration explored.
  public var title: String
  /// The boxes: the spine's, the start first, in the order the path meets them, then the
  /// branches', in the order of their first way.
  public var boxes: [Box]
  /// The edges: the spine's in path order, then the branches'.
  public var edges: [Edge]

  /// What a person sees, or why a feature fails.
  public struct Box: Hashable, Sendable {
    /// The first line: `foreground: authorizedWhenInUse`, or a branch's cause and reason
    /// (`Don't Allow: R25`).
    public var title: String
    /// The lines below it.
    public var details: [String]
    /// The box is on the cooperative user's path; `false` for a branch.
    public var onSpine: Bool
    /// On the spine, the features that work there; on a branch, those that stop.
    public var features: [String] = []

    /// Every line of the box, which no other box of the journey has in full.
    public var label: String { ([title] + details).joined(separator: "\n") }
  }

  /// The steps from one box to another.
  public struct Edge: Hashable, Sendable {
    public var from: Int
    public var to: Int
    /// Every step that makes it, in the order met: on the spine, the steps from one box to
    /// the next (`launch, start map`); on a branch, the step that leaves the spine, then the
    /// story's last step where it goes on (`settings: locationServices off ... background`).
    public var labels: [String]
    /// The edge is the cooperative user's.
    public var onSpine: Bool
  }

  /// The features that work somewhere on the spine.
  public var featuresWorking: Set<String> {
    Set(boxes.filter(\.onSpine).flatMap(\.features))
  }

  /// The features that stop on some branch.
  public var featuresFailing: Set<String> {
    Set(boxes.filter { !$0.onSpine }.flatMap(\.features))
  }

  static let works = "works: "
  static let stops = "stops: "
  static let ends = "ends: "
}

extension PermissionJourney {
  /// The journey of `app`.
  ///
  /// - Parameters:
  ///   - maxStates: the most states each walk stores, `nil` for no limit; a walk that would
  ///     store more stops the journey with ``PermissionDiagram/Failure/incomplete(_:)``.
  ///   - limit: what sets `maxStates`, for the INCOMPLETE message.
  ///   - progress: hears the states a walk has stored, every 65,536 of them.
  public static func of(
    _ app: AppDescription, maxStates: Int? = nil, limit: String? = nil,
    progress: ((Int) -> Void)? = nil
  ) throws(PermissionDiagram.Failure) -> PermissionJourney {
    let (system, cooperative) = try PermissionDiagram.systems(app)
    func stopped(_ users: String) -> PermissionDiagram.Failure {
      PermissionDiagram.stopped(
        "journey's walk over \(users) stories", app, maxStates: maxStates, limit: limit)
    }
    let c = app.configuration
    let needs = PermissionDiagram.needs(app)
    /// The features whose needs at the app's place hold, and those whose needs do not.
    func verdicts(_ s: AppSystem.State) -> (works: [Int], fails: [Int]) {
      var works: [Int] = []
      var fails: [Int] = []
      for need in needs where system.worksApplies(need.feature, at: need.place, in: s) {
        if system.holds(need.condition, in: s) {
          if !works.contains(need.feature) { works.append(need.feature) }
        } else if !fails.contains(need.feature) {
          fails.append(need.feature)
        }
      }
      return (works.filter { !fails.contains($0) }, fails)
    }
    func seen(_ s: AppSystem.State) -> Box {
      var box = Self.seen(s.explored.model, c)
      let (works, fails) = verdicts(s)
      let on = app.features.indices.filter {
        s.on & (1 << UInt32($0)) != 0 && !works.contains($0) && !fails.contains($0)
      }
      for (words, list) in [(Self.works, works), ("fails: ", fails), ("on: ", on)]
      where !list.isEmpty {
        box.details.append(words + list.map { app.features[$0].name }.joined(separator: ", "))
      }
      box.features = works.map { app.features[$0].name }
      return box
    }
    func score(at place: AppRunState) -> @Sendable (AppSystem.State) -> Int? {
      { s in
        let m = s.explored.model
        guard m.app == place, m.pendingPrompt == nil else { return nil }
        let working = needs.filter {
          $0.place == place && system.worksApplies($0.feature, at: place, in: s)
            && system.holds($0.condition, in: s)
        }
        return working.count * 64 + s.on.nonzeroBitCount
      }
    }
    guard
      let spine = Spine.path(
        cooperative, allowed: { _, _ in true },
        legs: [score(at: .foreground), score(at: .background), score(at: .foreground)],
        maxStates: maxStates, progress: progress)
    else { throw stopped("the cooperative user's") }
    guard let ways = system.waysToFailWithPaths(maxStates: maxStates, progress: progress)
    else { throw stopped("every user's") }
    func label(_ action: AppSystem.Action) -> String {
      switch action {
      case .start(let i): "start \(app.features[i].name)"
      case .stop(let i): "stop \(app.features[i].name)"
      case .event(let event): ScenarioAction(event, names: system.names).summary
      }
    }
    var journey = PermissionJourney(title: app.name, boxes: [], edges: [])
    journey.addSpine(spine, seen: seen, label: label)
    let spineBoxes = journey.boxes.count
    var reasons: [String: Int] = [:]
    for (way, path) in ways {
      let states = path.states
      let boxes = states.map { journey.box(seen($0).label, below: spineBoxes) }
      // The first step to a box off the spine; the last step when the story never leaves it.
      let leaving = boxes.dropFirst().firstIndex { $0 == nil } ?? max(states.count - 1, 1)
      guard leaving >= 1, let from = boxes[leaving - 1] else { continue }
      let title = "\(way.cause.name): \(way.reasonText)"
      let end = path.finalState.explored.model
      var trace = Trace.off
      let ends =
        "\(end.authorizationStatus(c, trace: &trace).rawValue), "
        + end.accuracyAuthorization(trace: &trace).rawValue
      let stopping = Self.stops + "\(way.feature) (\(way.place.rawValue))"
      let to: Int
      if let known = reasons[title] {
        to = known
        if !journey.boxes[to].details.contains(stopping) {
          journey.boxes[to].details.insert(stopping, at: journey.boxes[to].details.count - 1)
        }
        if !journey.boxes[to].features.contains(way.feature) {
          journey.boxes[to].features.append(way.feature)
        }
        journey.boxes[to].add(ends, after: Self.ends)
      } else {
        to = journey.boxes.count
        reasons[title] = to
        journey.boxes.append(
          Box(
            title: title, details: [stopping, Self.ends + ends], onSpine: false,
            features: [way.feature]))
      }
      // The step that leaves the spine, then the story's last step where it goes on: after
      // one more step, `, `; after more, ` ... `.
      var step = path.steps.isEmpty ? "start" : label(path.steps[leaving - 1].action)
      if leaving < path.steps.count, let last = path.steps.last {
        step += (leaving == path.steps.count - 1 ? ", " : " ... ") + label(last.action)
      }
      journey.connect(from, to, step, onSpine: false)
    }
    return journey
  }

  /// The journey of the model alone: the app of `configuration` with the sessions of
  /// `catalogue`, every step of the explorer, the app's calls among them.
  ///
  /// The spine is the cooperative user's (the most generous answer to every prompt, never
  /// Settings) towards the most the app can be granted (Always before When In Use, full
  /// accuracy before reduced) in the foreground, then in the background, then back. Each
  /// branch is another answer to a prompt on the spine, to what the user then sees.
  public static func of(
    _ configuration: AppConfiguration, catalogue: SessionCatalogue, maxStates: Int? = nil,
    limit: String? = nil, progress: ((Int) -> Void)? = nil
  ) throws(PermissionDiagram.Failure) -> PermissionJourney {
    let system: AuthorizationSystem
    do {
      system = try AuthorizationSystem(configuration: configuration, catalogue: catalogue)
    } catch {
      throw .catalogue(error)
    }
    let names = system.names
    func score(at place: AppRunState) -> @Sendable (ExplorerNode) -> Int? {
      { node in
        let m = node.state.model
        guard m.app == place, m.pendingPrompt == nil else { return nil }
        let rank: Int =
          switch m.authorizationStatus(configuration) {
          case .authorizedAlways: 3
          case .authorizedWhenInUse: 2
          case .notDetermined: 1
          case .denied, .restricted: 0
          }
        var trace = Trace.off
        return rank * 2 + (m.accuracyAuthorization(trace: &trace) == .fullAccuracy ? 1 : 0)
      }
    }
    guard
      let spine = Spine.path(
        system,
        allowed: { node, event in
          AppSystem.cooperativeUserTakes(event, in: node.state.model, configuration)
        },
        legs: [score(at: .foreground), score(at: .background), score(at: .foreground)],
        maxStates: maxStates, progress: progress)
    else {
      throw .incomplete(
        "INCOMPLETE: the journey's walk stopped after \(maxStates ?? 0) states stored, its limit"
          + (limit.map { " (\($0))" } ?? "")
          + ", and the model's states were still growing; nothing is drawn: give fewer sessions")
    }
    func seen(_ node: ExplorerNode) -> Box { Self.seen(node.state.model, configuration) }
    func label(_ event: AuthorizationEvent) -> String {
      ScenarioAction(event, names: names).summary
    }
    var journey = PermissionJourney(
      title: "iOS \(configuration.ios.rawValue), sessions \(catalogue)", boxes: [], edges: [])
    journey.addSpine(spine, seen: seen, label: label)
    let spineBoxes = journey.boxes.count
    for node in [spine.initialState] + spine.steps.map(\.state) {
      let m = node.state.model
      guard m.promptOnScreen != nil, let from = journey.box(seen(node).label, below: spineBoxes)
      else { continue }
      for event in system.actions {
        guard case .tap = event, !AppSystem.cooperativeUserTakes(event, in: m, configuration),
          let next = system.next(node, event)
        else { continue }
        // An answer that leads back onto the spine is no branch.
        var box = seen(next)
        guard journey.box(box.label, below: spineBoxes) == nil else { continue }
        // The accuracy in the title, so that no two branches share one.
        box.title += ", " + box.details.removeFirst()
        box.onSpine = false
        let to = journey.boxes.firstIndex { $0.label == box.label } ?? journey.boxes.count
        if to == journey.boxes.count { journey.boxes.append(box) }
        journey.connect(from, to, label(event), onSpine: false)
      }
    }
    return journey
  }

  /// What a person sees of the model's state `m`: where the app is, the status, the accuracy,
  /// the prompt on screen or waiting for the foreground.
  static func seen(_ m: AuthorizationState, _ c: AppConfiguration) -> Box {
    var trace = Trace.off
    let place =
      switch m.app {
      case .notRunning: "not running"
      case .foreground: "foreground"
      case .background: "background"
      }
    var details = [m.accuracyAuthorization(trace: &trace).rawValue]
    let prompt = m.prompt(trace: &trace)
    if prompt != .none {
      details.append(
        (m.promptOnScreen == nil ? "prompt waiting: " : "prompt: ") + prompt.rawValue)
    }
    return Box(
      title: "\(place): \(m.authorizationStatus(c, trace: &trace).rawValue)", details: details,
      onSpine: true)
  }

  /// `box` with its place along the spine before its title (`3. foreground: …`): the order
  /// a reader follows, and a title no other box has.
  static func numbered(_ box: Box, _ number: Int) -> Box {
    var box = box
    box.title = "\(number). \(box.title)"
    return box
  }

  /// The index of the spine's box that `seen` labels `label` (its label but for its number)
  /// among the first `count` boxes, if any.
  func box(_ label: String, below count: Int) -> Int? {
    boxes.prefix(count).firstIndex {
      $0.label.drop { $0 != " " }.dropFirst() == label[...]
    }
  }

  /// Adds the spine's boxes and edges: a box for each label the path meets first, the steps
  /// that change no label folded into the next edge.
  mutating func addSpine<State, Action>(
    _ path: (initialState: State, steps: [(action: Action, state: State)]),
    seen: (State) -> Box, label: (Action) -> String
  ) {
    var seenLabels = [seen(path.initialState).label]
    boxes.append(Self.numbered(seen(path.initialState), 1))
    var at = 0
    var folded: [String] = []
    for step in path.steps {
      let text = label(step.action)
      if !folded.contains(text) { folded.append(text) }
      let box = seen(step.state)
      guard box.label != seenLabels[at] else { continue }
      let to = seenLabels.firstIndex(of: box.label) ?? boxes.count
      if to == boxes.count {
        seenLabels.append(box.label)
        boxes.append(Self.numbered(box, to + 1))
      }
      connect(at, to, folded.joined(separator: ", "), onSpine: true)
      folded = []
      at = to
    }
  }

  /// Adds `label` to the edge from `from` to `to`, made when new.
  mutating func connect(_ from: Int, _ to: Int, _ label: String, onSpine: Bool) {
    if let i = edges.firstIndex(where: { $0.from == from && $0.to == to }) {
      if !edges[i].labels.contains(label) { edges[i].labels.append(label) }
    } else {
      edges.append(Edge(from: from, to: to, labels: [label], onSpine: onSpine))
    }
  }
}

extension PermissionJourney.Box {
  /// Adds `item` to the detail line that starts with `prefix`, unless it lists it already.
  mutating func add(_ item: String, after prefix: String) {
    guard let i = details.firstIndex(where: { $0.hasPrefix(prefix) }) else {
      details.append(prefix + item)
      return
    }
    let items = details[i].dropFirst(prefix.count).components(separatedBy: " / ")
    if !items.contains(item) { details[i] += " / " + item }
  }
}

/// The cooperative user's path: legs, each the engine's shortest path from where the last
/// ended to the best state of its score (the first met among the best), over the steps
/// `allowed` lets through.
enum Spine {
  static func path<S: TransitionSystem>(
    _ system: S, allowed: @escaping @Sendable (S.State, S.Action) -> Bool,
    legs: [@Sendable (S.State) -> Int?], maxStates: Int?, progress: ((Int) -> Void)?
  ) -> (initialState: S.State, steps: [(action: S.Action, state: S.State)])?
  where S.State: Sendable, S.Action: Sendable {
    guard let start = system.initialStates.first else { return nil }
    var steps: [(action: S.Action, state: S.State)] = []
    var root = start
    for score in legs {
      let rooted = Rooted(base: system, root: root, allowed: allowed)
      var visitor = BestState<S>(score: score)
      let walk = BreadthFirstWalk(rooted, maxStates: maxStates)
      guard walk.run(&visitor, progress: progress).isComplete else { return nil }
      guard let best = visitor.best else { continue }
      let leg = walk.paths(to: [(best.key, best.depth)])[0]
      steps += leg.steps.map { ($0.action, $0.state) }
      root = leg.finalState
    }
    return (start, steps)
  }
}

/// `base` from `root`, taking only the steps `allowed` lets through: what a leg of the spine
/// walks.
struct Rooted<S: TransitionSystem>: TransitionSystem where S.State: Sendable, S.Action: Sendable {
  let base: S
  let root: S.State
  let allowed: @Sendable (S.State, S.Action) -> Bool

  var initialStates: [S.State] { [root] }
  var actions: [S.Action] { base.actions }
  func next(_ state: S.State, _ action: S.Action) -> S.State? {
    allowed(state, action) ? base.next(state, action) : nil
  }
  func pack(_ state: S.State) -> UInt64 { base.pack(state) }
  func unpack(_ packed: UInt64) -> S.State { base.unpack(packed) }
  var properties: [Property<Rooted>] { [] }
}

/// The first state of the highest score a walk meets, with its key and depth.
struct BestState<S: TransitionSystem>: WalkVisitor where S.State: Sendable, S.Action: Sendable {
  typealias System = Rooted<S>
  let score: (S.State) -> Int?
  var best: (score: Int, key: UInt64, depth: Int)?

  init(score: @escaping (S.State) -> Int?) { self.score = score }

  mutating func visit(_ state: S.State, key: UInt64, depth: Int) {
    guard let s = score(state), s > best?.score ?? Int.min else { return }
    best = (s, key, depth)
  }
}
