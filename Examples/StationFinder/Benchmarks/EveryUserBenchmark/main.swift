// The station finder's every-user exploration as a benchmark: distinct states per second of a
// release build, where each step replays its path on a fresh device and fresh app objects.
// `Benchmarks/everyuser.sh` builds and runs it. Not a test: figures depend on the machine.
import AuthFake
import AuthModel
import Foundation
import StationFinder

struct Shown: Hashable {
  let banner: StationFinder.Banner
  let arrivalAlert: StationFinder.ArrivalAlert
}

struct WrongBanner: Error {}

@MainActor
func exploration() -> EveryUserExploration<StationFinder, Shown> {
  EveryUserExploration(
    configuration: AppConfiguration(
      ios: .ios18,
      infoPlist: InfoPlist(
        whenInUseUsageDescription: "Shows stations near you",
        alwaysAndWhenInUseUsageDescription: "Wakes you before your station",
        temporaryUsageDescriptions: [
          StationFinder.precisePurposeKey: "Shows the stations nearest you"
        ],
        backgroundModes: ["location"])),
    actions: [
      AppAction("the user taps Use my location") { $0.askForLocation() },
      AppAction("the user taps Precise") { $0.askForPreciseLocation() },
      AppAction("the user turns on an arrival alert") { $0.turnOnArrivalAlert(at: Station.all[0]) },
    ],
    make: { device in StationFinder(manager: FakeLocationManager(device: device)) },
    snapshot: { Shown(banner: $0.banner, arrivalAlert: $0.arrivalAlert) },
    check: { finder, device in
      let status = device.simulator.authorizationStatus
      if status == .notDetermined && finder.banner != .askForLocation { throw WrongBanner() }
    })
}

@MainActor
func main() {
  let depths = CommandLine.arguments.dropFirst().compactMap { Int($0) }
  for depth in depths.isEmpty ? [6, 8] : depths {
    // The fastest of three runs.
    var best: EveryUserResult?
    for _ in 0..<3 {
      let result = exploration().run(depth: depth, maxStates: 1_000_000)
      if best.map({ result.seconds < $0.seconds }) ?? true { best = result }
    }
    let r = best!
    print(
      "depth \(depth): \(r.states) states, \(r.transitions) steps, \(r.pathsReplayed) paths "
        + "replayed, "
        + String(
          format: "%.2f s, %.0f states/s, %.0f paths replayed/s", r.seconds,
          Double(r.states) / r.seconds, Double(r.pathsReplayed) / r.seconds)
        + (r.passed ? "" : " (check failed)"))
  }
}

MainActor.assumeIsolated { main() }
