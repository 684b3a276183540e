import SwiftUI

struct AlarmView: View {
  let alarms: AlarmCenter

  var body: some View {
    VStack {
      Button("Wake me at my stop") {
        alarms.setAlarm()
      }
      Button("Watch my favourite stops", action: alarms.watchFavourites)
    }
  }
}
