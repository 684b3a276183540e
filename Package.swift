// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "authcheck",
  // Linux needs nothing; on Apple systems the explorer's clocks and durations need these.
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "AuthModel", targets: ["AuthModel"]),
    .library(name: "AuthScenario", targets: ["AuthScenario"]),
    .library(name: "AuthExplorer", targets: ["AuthExplorer"]),
    .executable(name: "authcheck", targets: ["authcheck"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "AuthModel"),
    .target(name: "AuthScenario", dependencies: ["AuthModel"]),
    .target(name: "AuthExplorer", dependencies: ["AuthModel"]),
    .target(name: "AuthCheckCLI", dependencies: ["AuthModel", "AuthScenario", "AuthExplorer"]),
    .executableTarget(name: "authcheck", dependencies: ["AuthCheckCLI"]),
    .target(name: "TestSupport", dependencies: ["AuthScenario"], path: "Tests/TestSupport"),
    .testTarget(name: "AuthModelTests", dependencies: ["AuthModel", "TestSupport"]),
    .testTarget(name: "AuthScenarioTests", dependencies: ["AuthScenario", "TestSupport"]),
    .testTarget(
      name: "AuthExplorerTests", dependencies: ["AuthExplorer", "AuthScenario", "TestSupport"]),
    .testTarget(name: "AuthCheckCLITests", dependencies: ["AuthCheckCLI", "TestSupport"]),
    .testTarget(name: "EndToEndTests", dependencies: ["AuthCheckCLI"]),
  ],
  swiftLanguageModes: [.v6]
)
