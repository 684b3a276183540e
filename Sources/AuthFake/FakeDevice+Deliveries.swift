import AuthModel
import LocationSeam

#if canImport(Darwin) && canImport(CoreLocation)
  import CoreLocation
#endif

// The events of the legacy services (§8b) that a test makes come, where the model delivers
// them: locations (R43, R47), visits (R48), region crossings (R49). Where the model delivers
// none, nothing is called and the list of managers reached is empty.

extension FakeDevice {
  /// Delivers `locationManager(_:didUpdateLocations:)` to each live manager of the app whose
  /// continuous updates (R43) or significant-change service (R47) the model delivers now;
  /// returns the names (``FakeLocationManager/name``) of the managers reached, none if the model
  /// delivers to none (app not running, not authorized, paused, suspended, …).
  ///
  /// A manager is reached when it runs continuous updates (`startUpdatingLocation()`) and the
  /// model's ``AuthorizationSimulator/locationUpdates`` is `full` or `reduced`, or when it
  /// started significant-change monitoring in this run and
  /// ``AuthorizationSimulator/significantChanges`` is `delivered`; a manager that runs both
  /// gets one call. Its ``FakeLocationManager/locationDelegate`` gets `locations` as they are
  /// (the model decides whether they come, not where the device is); a manager with no
  /// delegate is reached and calls nobody, as Core Location's. An empty list delivers nothing:
  /// Core Location never calls with none.
  @discardableResult
  public func deliverLocations(_ locations: [CLLocation]) -> [String] {
    guard !locations.isEmpty else { return [] }
    let story = simulator
    var receivers: UInt8 = 0
    if story.locationUpdates != .none { receivers |= story.state.legacy.updating }
    if story.significantChanges == .delivered {
      let started = story.state.legacy.significantChangesStarted
      receivers |= started != 0 ? started : story.state.heldManagers
    }
    return deliver(to: receivers, in: story) { $0.receive(.locations(locations)) }
  }

  /// `locationManager(_:didEnterRegion:)` / `didExitRegion` for the registered region with
  /// this identifier, to the managers the model delivers region events to (R49: needs full
  /// accuracy, …). Returns the managers reached.
  ///
  /// Regions belong to the app, not to a manager (R49): when the model's
  /// ``AuthorizationSimulator/regionEvents`` is `delivered` and `identifier` is one of its
  /// ``AuthorizationSimulator/monitoredRegions``, every live manager of the app is reached,
  /// with the region object of ``region(_:)``. A region not registered reaches none.
  @discardableResult
  public func crossRegion(_ identifier: String, entering: Bool) -> [String] {
    let story = simulator
    guard story.regionEvents == .delivered, story.monitoredRegions.contains(identifier) else {
      return []
    }
    let region = region(identifier)
    return deliver(to: story.state.heldManagers, in: story) {
      $0.receive(entering ? .enter(region) : .exit(region))
    }
  }

  /// `locationManager(_:didVisit:)` where the model delivers visits (R48).
  ///
  /// When the model's ``AuthorizationSimulator/visits`` is `delivered`, the managers reached
  /// are those that started visit monitoring in this run; for a registration that predates
  /// this launch, every live manager of the app, which need not start again (R48). Returns the
  /// managers reached.
  @discardableResult
  public func deliverVisit(_ visit: CLVisit) -> [String] {
    let story = simulator
    guard story.visits == .delivered else { return [] }
    let legacy = story.state.legacy
    let receivers =
      legacy.visitsDeliverToAnyManager || legacy.visitsStarted == 0
      ? story.state.heldManagers : legacy.visitsStarted
    return deliver(to: receivers, in: story) { $0.receive(.visit(visit)) }
  }

  /// Calls `body` on each live manager whose bit (its ``ManagerID``) is in `receivers`, in the
  /// order the app made them; returns their names.
  private func deliver(
    to receivers: UInt8, in story: AuthorizationSimulator,
    _ body: (FakeLocationManager) -> Void
  ) -> [String] {
    guard receivers != 0 else { return [] }
    let reached = managers.compactMap { entry -> FakeLocationManager? in
      guard let manager = entry.object,
        let index = story.names.managers.indices.first(where: {
          story.names.managers[$0] == entry.name && story.state.heldManagers & 1 << $0 != 0
        }),
        receivers & 1 << index != 0
      else { return nil }
      return manager
    }
    for manager in reached { body(manager) }
    return reached.map(\.name)
  }
}

/// An event of the legacy services that a manager's delegate receives (§8b).
enum LegacyEvent {
  /// `locationManager(_:didUpdateLocations:)` (R43, R47).
  case locations([CLLocation])
  /// `locationManager(_:didEnterRegion:)` (R49).
  case enter(CLRegion)
  /// `locationManager(_:didExitRegion:)` (R49).
  case exit(CLRegion)
  /// `locationManager(_:didVisit:)` (R48).
  case visit(CLVisit)
}

extension FakeLocationManager {
  /// Calls the seam's delegate with `event`; with no delegate it goes nowhere.
  func receive(_ event: LegacyEvent) {
    guard let locationDelegate else { return }
    switch event {
    case .locations(let locations):
      locationDelegate.locationManager(self, didUpdateLocations: locations)
    case .enter(let region): locationDelegate.locationManager(self, didEnterRegion: region)
    case .exit(let region): locationDelegate.locationManager(self, didExitRegion: region)
    case .visit(let visit): locationDelegate.locationManager(self, didVisit: visit)
    }
  }
}
