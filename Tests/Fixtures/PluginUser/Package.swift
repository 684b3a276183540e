// swift-tools-version: 6.0
// An app's package that keeps its location stories in `scenarios/` and depends on authcheck,
// here by path; `PluginTests` copies it and runs `swift package authcheck …` in the copy.
import PackageDescription

let package = Package(
  name: "LocationStories",
  dependencies: [.package(path: "../../..")],
  targets: [.target(name: "LocationStories")]
)
