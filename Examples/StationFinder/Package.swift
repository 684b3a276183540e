// swift-tools-version: 6.0
// An app's location logic and its tests, against authcheck's Core Location fake (AuthFake).
// It depends on authcheck by path, two folders up; a package of yours would name its URL.
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
    .target(
      name: "StationFinder",
      dependencies: [
        .product(name: "AuthFake", package: authcheck),
        .product(name: "AuthModel", package: authcheck),
      ]),
    .testTarget(name: "StationFinderTests", dependencies: ["StationFinder"]),
    // The finder's every-user exploration as a benchmark: `Benchmarks/everyuser.sh`.
    .executableTarget(
      name: "EveryUserBenchmark",
      dependencies: [
        "StationFinder", .product(name: "AuthFake", package: authcheck),
        .product(name: "AuthModel", package: authcheck),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
