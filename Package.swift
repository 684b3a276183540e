// swift-tools-version: 6.0
import PackageDescription

/// Linux only: a stand-in of the Core Location declarations the seam's `CLLocationManager`
/// conformance uses (`Tests/CoreLocationStandIn`), and the seam's own sources compiled a second
/// time against it (`Tests/LocationSeamOnStandIn`, a link to `Sources/LocationSeam`), so that CI
/// on Linux compiles the conformance an app links on iOS. Never declared on Apple systems, where
/// the module `CoreLocation` is Apple's.
var coreLocationStandIn: [Target] = []
#if os(Linux)
  coreLocationStandIn = [
    .target(name: "CoreLocation", path: "Tests/CoreLocationStandIn"),
    .target(
      name: "LocationSeamOnStandIn", dependencies: ["CoreLocation"],
      path: "Tests/LocationSeamOnStandIn",
      swiftSettings: [.define("CORE_LOCATION_STAND_IN")]),
    .testTarget(
      name: "CoreLocationAdapterTests", dependencies: ["LocationSeamOnStandIn", "CoreLocation"]),
  ]
#endif

let package = Package(
  name: "authcheck",
  // Linux needs nothing; on Apple systems the explorer's clocks and durations need these.
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    // What an app's production code depends on: Core Location's shape, no model (docs/TESTING.md).
    .library(name: "LocationSeam", targets: ["LocationSeam"]),
    .library(name: "AuthModel", targets: ["AuthModel"]),
    .library(name: "AuthFake", targets: ["AuthFake"]),
    .library(name: "AuthScenario", targets: ["AuthScenario"]),
    .library(name: "AuthEngine", targets: ["AuthEngine"]),
    .library(name: "AuthExplorer", targets: ["AuthExplorer"]),
    .library(name: "AuthApp", targets: ["AuthApp"]),
    .executable(name: "authcheck", targets: ["authcheck"]),
    // `swift package authcheck …` in a package that depends on this one (docs/CI.md).
    .plugin(name: "AuthCheckPlugin", targets: ["AuthCheckPlugin"]),
  ],
  dependencies: [],
  targets: [
    // Protocols shaped like CLLocationManager and its delegate, which CLLocationManager fills.
    .target(name: "LocationSeam"),
    .target(name: "AuthModel"),
    // Core Location–shaped objects for an app's own tests, backed by the model (docs/TESTING.md).
    .target(
      name: "AuthFake", dependencies: ["AuthModel", "AuthEngine", "AuthScenario", "LocationSeam"]),
    .target(name: "AuthScenario", dependencies: ["AuthModel"]),
    .target(name: "AuthEngine"),
    .target(name: "AuthExplorer", dependencies: ["AuthEngine", "AuthModel", "AuthScenario"]),
    .target(
      name: "AuthApp", dependencies: ["AuthModel", "AuthScenario", "AuthEngine", "AuthExplorer"]),
    // `authcheck draft`: an app file read from an app's Swift sources and Info.plist.
    .target(name: "AuthDraft", dependencies: ["AuthModel", "AuthScenario"]),
    .target(
      name: "AuthCheckCLI",
      dependencies: [
        "AuthModel", "AuthScenario", "AuthEngine", "AuthExplorer", "AuthApp", "AuthDraft",
      ]
    ),
    .executableTarget(name: "authcheck", dependencies: ["AuthCheckCLI"]),
    // The engine's benchmark on a toy system: `Benchmarks/engine.sh`.
    .executableTarget(
      name: "EngineBenchmark", dependencies: ["AuthEngine", "ToySystems"],
      path: "Benchmarks/EngineBenchmark"),
    // The engine on app files: `Benchmarks/apps.sh`.
    .executableTarget(
      name: "AppBenchmark", dependencies: ["AuthApp", "AuthEngine"],
      path: "Benchmarks/AppBenchmark"),
    // `authcheck draft` on a generated project of 500 files: `Benchmarks/draft.sh`.
    .executableTarget(
      name: "DraftBenchmark", dependencies: ["AuthDraft"], path: "Benchmarks/DraftBenchmark"),
    .plugin(
      name: "AuthCheckPlugin",
      capability: .command(
        intent: .custom(
          verb: "authcheck",
          description: "Run authcheck on this package's scenario files (authcheck --help)"))),
    .target(name: "TestSupport", dependencies: ["AuthScenario"], path: "Tests/TestSupport"),
    .target(name: "ToySystems", dependencies: ["AuthEngine"], path: "Tests/ToySystems"),
    .testTarget(name: "AuthModelTests", dependencies: ["AuthModel", "TestSupport"]),
    .testTarget(
      name: "AuthFakeTests",
      dependencies: ["AuthFake", "AuthModel", "AuthScenario", "LocationSeam", "TestSupport"]
    ),
    .testTarget(
      name: "AuthScenarioTests", dependencies: ["AuthScenario", "AuthApp", "TestSupport"]),
    .testTarget(
      name: "AuthEngineTests",
      dependencies: ["AuthEngine", "EngineBenchmark", "ToySystems", "TestSupport"]),
    .testTarget(
      name: "AuthExplorerTests",
      dependencies: ["AuthEngine", "AuthExplorer", "AuthScenario", "TestSupport"]),
    .testTarget(
      name: "AuthAppTests",
      dependencies: ["AuthApp", "AuthEngine", "AuthExplorer", "AuthScenario", "TestSupport"],
      exclude: ["BrokenApps"]),
    .testTarget(
      name: "AuthDraftTests", dependencies: ["AuthDraft", "AuthApp"], exclude: ["Projects"]),
    .testTarget(name: "AuthCheckCLITests", dependencies: ["AuthCheckCLI", "TestSupport"]),
    .testTarget(name: "EndToEndTests", dependencies: ["AuthCheckCLI"]),
  ] + coreLocationStandIn,
  swiftLanguageModes: [.v6]
)
