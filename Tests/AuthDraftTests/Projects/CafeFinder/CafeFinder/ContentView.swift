import SwiftUI

struct ContentView: View {
  @EnvironmentObject var nearby: NearbyCafes

  var body: some View {
    List(nearby.cafes) { cafe in
      Text(cafe.name)
    }
    .onAppear {
      nearby.refresh()  // not "nearby.stop()"
    }
  }
}
