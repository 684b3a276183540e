/// Records a ride through the provider: the app that uses the package starts it.
public final class RideRecorder {
  let provider = LocationProvider()

  public func begin() {
    provider.startUpdatingLocation()
  }
}
