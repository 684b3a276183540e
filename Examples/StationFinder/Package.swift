// swift-tools-version: 6.0
// An app's location logic and its tests. The app's code depends on authcheck's seam
// (LocationSeam) only; its tests swap in the Core Location fake (AuthFake), which the model
// (AuthModel) backs. It depends on authcheck by path, two folders up; a package of yours would
// name its URL.
import PackageDescription

// A package given by path is known by its folder's name, whatever the clone is called.
let authcheck =
  Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init)
  ?? "authcheck"

let package = Package(
  name: "StationFinder",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(path: "../..")],
  targets: [
    // The app's code: Core Location's shape, no fake, no model (`.ci/run` checks it).
    .target(
      name: "StationFinder",
      dependencies: [.product(name: "LocationSeam", package: authcheck)]),
    .testTarget(
      name: "StationFinderTests",
      dependencies: [
        "StationFinder", .product(name: "LocationSeam", package: authcheck),
        .product(name: "AuthFake", package: authcheck),
        .product(name: "AuthModel", package: authcheck),
      ]),
    // The finder's every-user exploration as a benchmark: `Benchmarks/everyuser.sh`. It holds
    // the fake, as the tests do, so it lives beside them rather than in Sources, the app's code.
    .executableTarget(
      name: "EveryUserBenchmark",
      dependencies: [
        "StationFinder", .product(name: "LocationSeam", package: authcheck),
        .product(name: "AuthFake", package: authcheck),
        .product(name: "AuthModel", package: authcheck),
      ],
      path: "Benchmarks/EveryUserBenchmark"),
  ],
  swiftLanguageModes: [.v6]
)
