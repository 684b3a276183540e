import SwiftUI

@main
struct CafeFinderApp: App {
  @StateObject private var nearby = NearbyCafes()

  var body: some Scene {
    WindowGroup {
      ContentView()
        .environmentObject(nearby)
    }
  }
}
