import AuthApp
import AuthEngine
import AuthExplorer
import AuthModel
import AuthScenario
import Foundation
import Testing

/// `PermissionJourney` on every example app file, against the ways to fail and a brute-force
/// walk of the cooperative user's states.
@Suite struct PermissionJourneyTests {
  static let apps = PermissionDiagramTests.apps

  /// Every example app file's name.
  static let examples: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: apps.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted()
  }()

  /// The features that work somewhere the cooperative user can be: every state of the
  /// cooperative system, listed by a walk of its own.
  static func workingForCooperative(_ app: AppDescription) throws -> Set<String> {
    let system = try AppSystem(app, cooperative: true)
    var seen: Set<UInt64> = []
    var queue = system.initialStates
    var working: Set<String> = []
    while let state = queue.popLast() {
      guard seen.insert(system.pack(state)).inserted else { continue }
      for (i, feature) in app.features.enumerated() {
        let needs = [
          (feature.needs.foreground, AppRunState.foreground),
          (feature.needs.background, .background),
        ]
        for case (let need?, let place) in needs
        where system.worksApplies(i, at: place, in: state) && system.holds(need, in: state) {
          working.insert(feature.name)
        }
      }
      queue += system.actions.compactMap { system.next(state, $0) }
    }
    return working
  }

  @Test(
    "each example's journey is small, its labels distinct, every feature accounted for",
    arguments: examples)
  func example(_ file: String) throws {
    let app = try PermissionDiagramTests.app(file)
    let journey = try PermissionJourney.of(app)
    #expect(journey.boxes.count <= 20, "\(journey.boxes.count) boxes")
    #expect(Set(journey.boxes.map(\.label)).count == journey.boxes.count, "labels repeat")
    #expect(Set(journey.boxes.map(\.title)).count == journey.boxes.count, "titles repeat")
    #expect(journey.boxes.first?.title.hasPrefix("1. not running: ") == true)
    #expect(journey.boxes.first?.onSpine == true)

    // A feature with needs works on the spine or stops on a branch.
    for feature in app.features
    where feature.needs.foreground != nil || feature.needs.background != nil {
      #expect(
        journey.featuresWorking.contains(feature.name)
          || journey.featuresFailing.contains(feature.name), "\(feature.name)")
    }
    // The spine has every feature the cooperative user can have working.
    #expect(journey.featuresWorking == (try Self.workingForCooperative(app)))

    // One branch per cause and reason of the ways to fail, naming their features.
    let ways = try #require(try AppSystem(app, cooperative: false).waysToFail())
    let branches = journey.boxes.filter { !$0.onSpine }
    #expect(Set(branches.map(\.title)) == Set(ways.map { "\($0.cause.name): \($0.reasonText)" }))
    #expect(journey.featuresFailing == Set(ways.map(\.feature)))
    for way in ways {
      let branch = branches.first { $0.title == "\(way.cause.name): \(way.reasonText)" }
      #expect(branch?.details.contains("stops: \(way.feature) (\(way.place.rawValue))") == true)
    }

    // Edges join boxes that exist; a branch hangs off the spine and leads nowhere.
    for edge in journey.edges {
      #expect(journey.boxes.indices.contains(edge.from) && journey.boxes.indices.contains(edge.to))
      #expect(journey.boxes[edge.from].onSpine)
      #expect(edge.onSpine == journey.boxes[edge.to].onSpine)
      #expect(!edge.labels.isEmpty)
    }
    for (index, box) in journey.boxes.enumerated() where index > 0 {
      #expect(journey.edges.contains { $0.to == index }, "\(box.title) has no way in")
    }
  }

  @Test("the Eki Bright journey: its spine, its prompts, its branches")
  func ekiBright() throws {
    let journey = try PermissionJourney.of(try PermissionDiagramTests.app("eki-bright.yaml"))
    let spine = journey.boxes.filter(\.onSpine)
    #expect(
      spine.map(\.title) == [
        "1. not running: notDetermined", "2. foreground: notDetermined",
        "3. foreground: authorizedWhenInUse", "4. foreground: authorizedWhenInUse",
        "5. foreground: authorizedAlways", "6. foreground: authorizedAlways",
        "7. background: authorizedAlways",
      ])
    #expect(spine[1].details.contains("prompt: whenInUse"))
    #expect(spine[3].details.contains("prompt: alwaysUpgrade"))
    #expect(spine[6].details.contains("works: arrivalAlert"))
    let spineEdges = journey.edges.filter(\.onSpine).map { "\($0.from)>\($0.to) \($0.labels)" }
    #expect(spineEdges.first == "0>1 [\"launch\"]")
    #expect(spineEdges.last == "6>5 [\"foreground\"]")
    let dontAllow = try #require(journey.boxes.firstIndex { $0.title == "Don't Allow: R25" })
    #expect(
      journey.boxes[dontAllow].details == [
        "stops: arrivalAlert (background)", "stops: walkingDirections (foreground)",
        "ends: denied, fullAccuracy",
      ])
    #expect(journey.edges.contains { $0.from == 1 && $0.to == dontAllow })
  }

  @Test("the model alone: the spine to Always, a branch for each other answer")
  func modelAlone() throws {
    let plist = InfoPlist(
      whenInUseUsageDescription: "Shows what is near you",
      alwaysAndWhenInUseUsageDescription: "Reminds you on arrival")
    for ios in [IOSVersion.ios17, .ios18] {
      let journey = try PermissionJourney.of(
        AppConfiguration(ios: ios, infoPlist: plist),
        catalogue: try SessionCatalogue(parsing: "whenInUse"))
      let titles = journey.boxes.map(\.title)
      #expect(titles.first == "1. not running: notDetermined")
      #expect(titles.contains { $0.hasSuffix("foreground: authorizedAlways") })
      #expect(titles.contains("foreground: denied, fullAccuracy"))
      #expect(journey.boxes.contains { $0.onSpine && $0.details.contains("prompt: whenInUse") })
      #expect(Set(journey.boxes.map(\.label)).count == journey.boxes.count)
      #expect(journey.boxes.count <= 20)
      for edge in journey.edges where !edge.onSpine {
        #expect(edge.labels.allSatisfy { $0.hasPrefix("tap: ") })
      }
    }
  }
}
