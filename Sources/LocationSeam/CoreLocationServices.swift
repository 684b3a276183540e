// Core Location's iOS 17 and 18 services as ``LocationServices``. Compiled on iOS against Apple's
// Core Location, and by CI on Linux against the stand-in (`Tests/CoreLocationStandIn`), as
// `CLLocationManager+LocationManaging.swift` is.
#if canImport(Darwin) && canImport(CoreLocation) && os(iOS) || CORE_LOCATION_STAND_IN
  import CoreLocation

  /// Core Location's services, for the app: `CoreLocationServices()` where its code holds
  /// `any LocationServices`.
  @available(iOS 18, *)
  public struct CoreLocationServices: LocationServices {
    /// Core Location's services.
    public init() {}

    /// A `CLServiceSession`, held by the object returned.
    public func serviceSession(
      authorization: ServiceSessionAuthorization, fullAccuracyPurposeKey: String?
    ) -> any LocationServiceSession {
      let requirement: CLServiceSession.AuthorizationRequirement =
        switch authorization {
        case .none: .none
        case .whenInUse: .whenInUse
        case .always: .always
        }
      let session =
        if let fullAccuracyPurposeKey {
          CLServiceSession(
            authorization: requirement, fullAccuracyPurposeKey: fullAccuracyPurposeKey)
        } else {
          CLServiceSession(authorization: requirement)
        }
      return CoreLocationServiceSession(session)
    }

    /// `CLLocationUpdate.liveUpdates()`, each update as a ``LiveLocationUpdate``; ending the loop
    /// that reads the stream ends the iteration of Core Location's.
    public func liveUpdates() -> AsyncStream<LiveLocationUpdate> {
      forwarding(CLLocationUpdate.liveUpdates()) { update in
        LiveLocationUpdate(
          location: update.location, authorizationDenied: update.authorizationDenied,
          authorizationDeniedGlobally: update.authorizationDeniedGlobally,
          authorizationRestricted: update.authorizationRestricted,
          authorizationRequestInProgress: update.authorizationRequestInProgress,
          insufficientlyInUse: update.insufficientlyInUse,
          serviceSessionRequired: update.serviceSessionRequired,
          accuracyLimited: update.accuracyLimited, locationUnavailable: update.locationUnavailable,
          stationary: update.stationary)
      }
    }

    /// A `CLBackgroundActivitySession`.
    public func backgroundActivitySession() -> any BackgroundActivitySession {
      CLBackgroundActivitySession()
    }

    /// `CLMonitor(name)`, held by the object returned.
    public func monitor(_ name: String) async -> any LocationMonitor {
      CoreLocationMonitor(await CLMonitor(name), name: name)
    }
  }

  /// A `CLMonitor` as ``LocationMonitor``: holds it.
  @available(iOS 18, *)
  public final class CoreLocationMonitor: LocationMonitor {
    /// The monitor held.
    public let monitor: CLMonitor
    /// The name it was made with.
    public let name: String

    init(_ monitor: CLMonitor, name: String) {
      self.monitor = monitor
      self.name = name
    }

    /// `monitor.add(_:identifier:assuming:)` with Core Location's condition of `condition`.
    public func add(
      _ condition: MonitorCondition, identifier: String, assuming state: MonitorEventState
    ) async {
      let assumed = CLMonitor.Event.State(rawValue: UInt(state.rawValue)) ?? .unknown
      switch condition {
      case .circularGeographic(let center, let radius):
        await monitor.add(
          CLMonitor.CircularGeographicCondition(center: center, radius: radius),
          identifier: identifier, assuming: assumed)
      case .beaconIdentity(let uuid, let major, let minor):
        let beacon: CLMonitor.BeaconIdentityCondition =
          if let major, let minor {
            CLMonitor.BeaconIdentityCondition(uuid: uuid, major: major, minor: minor)
          } else if let major {
            CLMonitor.BeaconIdentityCondition(uuid: uuid, major: major)
          } else {
            CLMonitor.BeaconIdentityCondition(uuid: uuid)
          }
        await monitor.add(beacon, identifier: identifier, assuming: assumed)
      }
    }

    /// `monitor.remove(_:)`.
    public func remove(_ identifier: String) async { await monitor.remove(identifier) }

    /// `monitor.identifiers`.
    public var identifiers: [String] {
      get async { await monitor.identifiers }
    }

    /// `monitor.events`, each as a ``MonitorEvent``; ending the loop that reads the stream ends
    /// the reading of Core Location's at its next event.
    public var events: AsyncStream<MonitorEvent> {
      let (stream, continuation) = AsyncStream<MonitorEvent>.makeStream()
      let monitor = monitor
      let task = Task { await monitor.forwardEvents(to: continuation) }
      continuation.onTermination = { _ in task.cancel() }
      return stream
    }
  }

  @available(iOS 18, *)
  extension CLMonitor {
    /// Yields each of `events` to `continuation` as a ``MonitorEvent``, on the monitor's
    /// actor, until the sequence ends or throws or the task is cancelled; then finishes it.
    func forwardEvents(to continuation: AsyncStream<MonitorEvent>.Continuation) async {
      do {
        for try await event in events {
          if Task.isCancelled { break }
          continuation.yield(
            MonitorEvent(
              identifier: event.identifier,
              state: MonitorEventState(rawValue: Int(event.state.rawValue)) ?? .unknown,
              date: event.date, accuracyLimited: event.accuracyLimited,
              authorizationDenied: event.authorizationDenied,
              authorizationDeniedGlobally: event.authorizationDeniedGlobally,
              authorizationRequestInProgress: event.authorizationRequestInProgress,
              authorizationRestricted: event.authorizationRestricted,
              conditionLimitExceeded: event.conditionLimitExceeded,
              conditionUnsupported: event.conditionUnsupported,
              insufficientlyInUse: event.insufficientlyInUse,
              persistenceUnavailable: event.persistenceUnavailable,
              serviceSessionRequired: event.serviceSessionRequired))
        }
      } catch {}
      continuation.finish()
    }
  }

  /// A `CLServiceSession` as ``LocationServiceSession``: holds it.
  @available(iOS 18, *)
  public final class CoreLocationServiceSession: LocationServiceSession {
    /// The session held.
    public let session: CLServiceSession

    /// Holds `session`.
    public init(_ session: CLServiceSession) { self.session = session }

    /// `session.diagnostics`, each as a ``ServiceSessionDiagnostic``.
    public var diagnostics: AsyncStream<ServiceSessionDiagnostic> {
      forwarding(session.diagnostics) { diagnostic in
        ServiceSessionDiagnostic(
          alwaysAuthorizationDenied: diagnostic.alwaysAuthorizationDenied,
          authorizationDenied: diagnostic.authorizationDenied,
          authorizationDeniedGlobally: diagnostic.authorizationDeniedGlobally,
          authorizationRequestInProgress: diagnostic.authorizationRequestInProgress,
          authorizationRestricted: diagnostic.authorizationRestricted,
          fullAccuracyDenied: diagnostic.fullAccuracyDenied,
          insufficientlyInUse: diagnostic.insufficientlyInUse,
          serviceSessionRequired: diagnostic.serviceSessionRequired)
      }
    }

    /// `session.invalidate()`.
    public func invalidate() { session.invalidate() }
  }

  @available(iOS 17, *)
  extension CLBackgroundActivitySession: BackgroundActivitySession {}

  /// `sequence`'s elements, transformed, as an `AsyncStream` read on the main actor: it ends
  /// when the sequence ends or throws, and ending the loop that reads it stops the iteration.
  @MainActor
  func forwarding<Base: AsyncSequence, Element: Sendable>(
    _ sequence: Base, _ transform: @escaping @MainActor (Base.Element) -> Element
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream()
    let task = Task { @MainActor in
      do {
        for try await element in sequence { continuation.yield(transform(element)) }
      } catch {}
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
#endif
