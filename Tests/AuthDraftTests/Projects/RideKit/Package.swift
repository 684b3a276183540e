// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "RideKit",
  platforms: [.iOS(.v17)],
  targets: [
    .target(name: "RideKit"),
    .testTarget(name: "RideKitTests", dependencies: ["RideKit"]),
  ]
)
