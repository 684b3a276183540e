// R41: the CLLocationManager delegate callback `locationManagerDidChangeAuthorization(_:)`.

/// What a CLLocationManager's delegate reads in `locationManagerDidChangeAuthorization(_:)`:
/// `authorizationStatus` (R1) and `accuracyAuthorization` (R2).
public struct AuthorizationPair: Hashable, Sendable, CustomStringConvertible {
  /// What the delegate reads as `authorizationStatus`.
  public var authorizationStatus: AuthorizationStatus
  /// What the delegate reads as `accuracyAuthorization`.
  public var accuracyAuthorization: AccuracyAuthorization

  /// The pair of `authorizationStatus` and `accuracyAuthorization`.
  public init(
    authorizationStatus: AuthorizationStatus, accuracyAuthorization: AccuracyAuthorization
  ) {
    self.authorizationStatus = authorizationStatus
    self.accuracyAuthorization = accuracyAuthorization
  }

  /// `STATUS/ACCURACY`, as a scenario writes it: `authorizedWhenInUse/reducedAccuracy`.
  public var description: String {
    "\(authorizationStatus.rawValue)/\(accuracyAuthorization.rawValue)"
  }

  /// Parses `STATUS/ACCURACY`.
  public init?(_ text: some StringProtocol) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let status = AuthorizationStatus(rawValue: String(parts[0])),
      let accuracy = AccuracyAuthorization(rawValue: String(parts[1]))
    else { return nil }
    self.init(authorizationStatus: status, accuracyAuthorization: accuracy)
  }
}

extension AuthorizationState {
  /// The values a CLLocationManager reads now (R41: the pair).
  public func authorizationPair(_ c: AppConfiguration) -> AuthorizationPair {
    var quiet = Trace.off
    return AuthorizationPair(
      authorizationStatus: authorizationStatus(c, trace: &quiet),
      accuracyAuthorization: accuracyAuthorization(trace: &quiet))
  }

  /// R41: the managers, a bit per ``ManagerID/rawValue``, whose delegate receives
  /// `locationManagerDidChangeAuthorization` after `event` took `before` to `after` (a step
  /// the model took).
  ///
  /// The manager `event` creates, once, with the values of that moment; every manager held
  /// before and after the step when the step changed the pair, once even if both values
  /// changed; none while the app is not running (termination releases every manager).
  public static func managersCalledBack(
    from before: AuthorizationState, by event: AuthorizationEvent, to after: AuthorizationState,
    _ c: AppConfiguration
  ) -> UInt8 {
    let kept = before.heldManagers & after.heldManagers
    return managersCalledBack(
      from: before, by: event, to: after,
      pairChanged: kept != 0 && before.authorizationPair(c) != after.authorizationPair(c))
  }

  /// ``managersCalledBack(from:by:to:_:)`` given whether the step changed the pair, for a
  /// caller that knows it already (the explorer's P12 compares the pairs itself).
  @inlinable
  public static func managersCalledBack(
    from before: AuthorizationState, by event: AuthorizationEvent, to after: AuthorizationState,
    pairChanged: Bool
  ) -> UInt8 {
    guard after.app != .notRunning else { return 0 }
    var called: UInt8 = 0
    if case .createManager(let id) = event { called |= id.bit }
    if pairChanged { called |= before.heldManagers & after.heldManagers }
    return called
  }
}
