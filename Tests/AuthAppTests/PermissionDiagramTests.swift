import AuthApp
import AuthEngine
import AuthExplorer
import AuthModel
import AuthScenario
import Foundation
import Testing

/// `PermissionDiagram` against a brute-force listing of every reachable state.
@Suite struct PermissionDiagramTests {
  static let apps = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scenarios/apps")

  static func app(_ file: String) throws -> AppDescription {
    try AppFile.load(path: apps.appendingPathComponent(file).path).app.get()
  }

  /// What a user sees in a state, written out independently of the diagram's own grouping.
  struct Seen: Hashable, CustomStringConvertible {
    var status: AuthorizationStatus
    var accuracy: AccuracyAuthorization
    var prompt: Prompt
    var features: [String]?

    init(_ model: AuthorizationState, _ c: AppConfiguration, features: [String]?) {
      var trace = Trace.off
      status = model.authorizationStatus(c)
      accuracy = model.accuracyAuthorization(trace: &trace)
      prompt = model.prompt(trace: &trace)
      self.features = features
    }

    init(_ group: PermissionDiagram.Group) {
      (status, accuracy, prompt, features) = (
        group.status, group.accuracy, group.prompt, group.features
      )
    }

    var description: String { "\(status)/\(accuracy)/\(prompt)/\(features ?? [])" }
  }

  struct Step: Hashable {
    var from: Seen
    var to: Seen
    var label: String
  }

  /// Every reachable state of `system` from its initial states, breadth first, with a plain
  /// set of packed states.
  static func reachable<S: TransitionSystem>(_ system: S) -> [S.State] {
    var seen = Set<UInt64>()
    var states: [S.State] = []
    for state in system.initialStates where seen.insert(system.pack(state)).inserted {
      states.append(state)
    }
    var index = 0
    while index < states.count {
      for action in system.actions {
        if let next = system.next(states[index], action), seen.insert(system.pack(next)).inserted {
          states.append(next)
        }
      }
      index += 1
    }
    return states
  }

  @Test(
    "every reachable group is drawn with its states, and every drawn edge is a real step",
    arguments: ["ios17-manager-app.yaml", "parking-full-accuracy.yaml"])
  func groupsAgainstBruteForce(_ file: String) throws {
    let app = try Self.app(file)
    let diagram = try PermissionDiagram.of(app, maximumGroups: 1_000)
    #expect(diagram.note == nil)
    let system = try AppSystem(app, cooperative: false)
    let names = system.names
    func seen(_ s: AppSystem.State) -> Seen {
      Seen(
        s.explored.model, app.configuration,
        features: app.features.indices.filter { s.on & (1 << UInt32($0)) != 0 }.map {
          app.features[$0].name
        })
    }
    func label(_ action: AppSystem.Action) -> String {
      switch action {
      case .start(let i): "start \(app.features[i].name)"
      case .stop(let i): "stop \(app.features[i].name)"
      case .event(let event): ScenarioAction(event, names: names).summary
      }
    }
    var counts: [Seen: Int] = [:]
    var steps = Set<Step>()
    // Per group and need: states where the need holds, where it fails.
    var verdicts: [Seen: [String: (Int, Int)]] = [:]
    let states = Self.reachable(system)
    for state in states {
      let from = seen(state)
      counts[from, default: 0] += 1
      for (i, feature) in app.features.enumerated() {
        for (need, place) in [
          (feature.needs.foreground, AppRunState.foreground),
          (feature.needs.background, .background),
        ] {
          guard let need, system.worksApplies(i, at: place, in: state) else { continue }
          let key = "\(feature.name) \(place)"
          var entry = verdicts[from, default: [:]][key] ?? (0, 0)
          if system.holds(need, in: state) { entry.0 += 1 } else { entry.1 += 1 }
          verdicts[from, default: [:]][key] = entry
        }
      }
      for action in system.actions {
        guard let next = system.next(state, action) else { continue }
        let to = seen(next)
        if to != from { steps.insert(Step(from: from, to: to, label: label(action))) }
      }
    }
    let drawn = diagram.groups.map(Seen.init)
    #expect(Set(drawn).count == drawn.count, "a group is drawn twice")
    #expect(Set(drawn) == Set(counts.keys))
    for (index, group) in diagram.groups.enumerated() {
      #expect(group.states == counts[drawn[index]], "\(drawn[index])")
      var expected: [String: (Int, Int)] = [:]
      for verdict in group.verdicts {
        expected["\(verdict.feature) \(verdict.place)"] = (verdict.holds, verdict.fails)
      }
      let brute = verdicts[drawn[index]] ?? [:]
      #expect(expected.keys.sorted() == brute.keys.sorted(), "\(drawn[index])")
      for (key, value) in brute { #expect(expected[key]! == value, "\(drawn[index]) \(key)") }
    }
    #expect(drawn.first == seen(system.initialStates[0]), "the start group is first")
    let edges = Set(
      diagram.edges.flatMap { edge in
        edge.labels.map { Step(from: drawn[edge.from], to: drawn[edge.to], label: $0) }
      })
    #expect(edges == steps)

    let cooperative = Set(Self.reachable(try AppSystem(app, cooperative: true)).map(seen))
    #expect(Set(diagram.groups.filter(\.cooperative).map(Seen.init)) == cooperative)
    #expect(cooperative.count < drawn.count, "some group needs a user who declines")
  }

  @Test("a denied need names the rules behind its unmet value")
  func deniedNeedCitesRules() throws {
    let diagram = try PermissionDiagram.of(try Self.app("ios17-manager-app.yaml"))
    let denied = diagram.groups.filter { $0.status == .denied }.flatMap(\.verdicts)
    #expect(!denied.isEmpty)
    for verdict in denied {
      #expect(verdict.holds == 0 && verdict.fails > 0)
      #expect(verdict.rules.contains(.r4), "\(verdict.summary)")
      #expect(verdict.summary.contains(": denied (R"))
    }
    let works = diagram.groups.flatMap(\.verdicts).filter { $0.fails == 0 }
    #expect(works.contains { $0.summary.hasSuffix(": works") })
  }

  @Test("past the cap, groups merge, the diagram says so, and no state is lost")
  func cap() throws {
    let app = try Self.app("parking-full-accuracy.yaml")
    let whole = try PermissionDiagram.of(app, maximumGroups: 1_000)
    let total = whole.groups.map(\.states).reduce(0, +)
    let capped = try PermissionDiagram.of(app, maximumGroups: 4)
    #expect(capped.groups.count == 4)
    #expect(capped.groups.map(\.states).reduce(0, +) == total)
    #expect(capped.note?.contains("merged") == true)
    #expect(capped.groups.allSatisfy { $0.features == nil })
    #expect(capped.groups.last!.merged > 1)
    #expect(capped.edges.allSatisfy { $0.from < 4 && $0.to < 4 && $0.from != $0.to })
    let features = try PermissionDiagram.of(app, maximumGroups: whole.groups.count - 1)
    #expect(features.note?.hasPrefix("\(whole.groups.count) groups are more than") == true)
  }

  @Test("a merged edge lists its steps in the order the walk met them, the same every time")
  func mergedEdgeOrder() throws {
    let app = try Self.app("parking-full-accuracy.yaml")
    let capped = try PermissionDiagram.of(app, maximumGroups: 4)
    #expect(capped.edges.contains { $0.labels.count > 1 })
    for _ in 0..<8 { #expect(try PermissionDiagram.of(app, maximumGroups: 4) == capped) }
  }

  @Test("one feature's view: groups tell only that feature, and say only its needs")
  func oneFeature() throws {
    let app = try Self.app("parking-full-accuracy.yaml")
    let name = try #require(app.features.first { !$0.needs.isEmpty }?.name)
    let diagram = try PermissionDiagram.of(app, feature: name)
    #expect(diagram.groups.allSatisfy { $0.features == [] || $0.features == [name] })
    #expect(diagram.groups.flatMap(\.verdicts).allSatisfy { $0.feature == name })
    #expect(diagram.groups.contains { $0.features == [name] })
    let capped = try PermissionDiagram.of(app, feature: name, maximumGroups: 5)
    #expect(capped.note?.contains("differ only in whether '\(name)' is on are merged") == true)
  }

  @Test("the model alone: every reachable group, by a plain walk of the explorer's system")
  func modelAlone() throws {
    let configuration = AppConfiguration(
      ios: .ios18, infoPlist: InfoPlist(whenInUseUsageDescription: "Near you"))
    let catalogue = try SessionCatalogue(parsing: "whenInUse")
    let diagram = try PermissionDiagram.of(configuration, catalogue: catalogue)
    let system = try AuthorizationSystem(configuration: configuration, catalogue: catalogue)
    let states = Self.reachable(system)
    let groups = Set(states.map { Seen($0.state.model, configuration, features: nil) })
    #expect(Set(diagram.groups.map(Seen.init)) == groups)
    #expect(diagram.groups.map(\.states).reduce(0, +) == states.count)
    #expect(diagram.groups.contains { !$0.cooperative })
    #expect(diagram.groups.first { $0.status == .authorizedWhenInUse }?.cooperative == true)
  }
}
