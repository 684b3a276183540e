// swift-format-ignore-file
// What the log says is text, never a call: none of these starts anything.
enum RunLog {
  static func lines(for run: Int) -> [String] {
    [
      "startMonitoringVisits()",
      #"raw: "requestAlwaysAuthorization()" CLMonitor("x")"#,
      """
      manager.startMonitoringSignificantLocationChanges()
      CLBackgroundActivitySession()
      """,
      "run \(run): \("CLServiceSession(authorization: .always)") done",
    ]
    /* manager.startMonitoring(for: region) /* nested: CLLocationUpdate.liveUpdates() */ */
  }
}
