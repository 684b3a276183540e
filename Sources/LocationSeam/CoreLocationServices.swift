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
