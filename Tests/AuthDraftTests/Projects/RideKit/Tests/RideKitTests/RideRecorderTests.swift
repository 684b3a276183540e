import RideKit
import Testing

@Test func begins() {
  RideRecorder().begin()
}
