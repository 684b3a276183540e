import SwiftUI

@main
struct EkiApp: App {
  @Environment(\.scenePhase) private var scenePhase
  let stations = NearbyStations()

  var body: some Scene {
    WindowGroup {
      StationList(stations: stations)
    }
    .onChange(of: scenePhase) { _, phase in
      if phase == .active { stations.start() }
    }
  }
}
