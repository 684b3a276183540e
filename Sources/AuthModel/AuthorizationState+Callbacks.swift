// R41: the CLLocationManager delegate callbacks: `locationManagerDidChangeAuthorization(_:)`,
// and for the legacy services `locationManagerDidPauseLocationUpdates(_:)` (R46) and
// `locationManager(_:monitoringDidFailFor:withError:)` (R49).

/// A call a CLLocationManager's delegate receives, as a scenario writes it (R41).
public enum LocationManagerCallback: Hashable, Sendable, CustomStringConvertible {
  /// `locationManagerDidChangeAuthorization(_:)`, with the pair the delegate reads in it.
  case didChangeAuthorization(AuthorizationPair)
  /// `locationManagerDidPauseLocationUpdates(_:)` (R46).
  case didPause
  /// `locationManager(_:monitoringDidFailFor:withError:)` for the region of that identifier
  /// (R49).
  case monitoringDidFail(region: String)

  /// The word for a pause: `didPause`.
  static let didPauseWord = "didPause"
  /// The prefix of a failure: `monitoringDidFail:ID`.
  static let monitoringDidFailPrefix = "monitoringDidFail:"

  /// `STATUS/ACCURACY`, `didPause` or `monitoringDidFail:ID`.
  public var description: String {
    switch self {
    case .didChangeAuthorization(let pair): pair.description
    case .didPause: Self.didPauseWord
    case .monitoringDidFail(let region): Self.monitoringDidFailPrefix + region
    }
  }

  /// Parses `STATUS/ACCURACY`, `didPause` or `monitoringDidFail:ID`.
  public init?(_ text: some StringProtocol) {
    if text == Self.didPauseWord {
      self = .didPause
    } else if text.hasPrefix(Self.monitoringDidFailPrefix),
      text.count > Self.monitoringDidFailPrefix.count
    {
      self = .monitoringDidFail(region: String(text.dropFirst(Self.monitoringDidFailPrefix.count)))
    } else if let pair = AuthorizationPair(text) {
      self = .didChangeAuthorization(pair)
    } else {
      return nil
    }
  }

  /// The rule that makes the call.
  public var rule: Rule {
    switch self {
    case .didChangeAuthorization: .r41
    case .didPause: .r46
    case .monitoringDidFail: .r49
    }
  }
}

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
    let called = managersCalledBack(
      from: before, by: event, to: after,
      pairChanged: kept != 0 && before.authorizationPair(c) != after.authorizationPair(c))
    if c.mutation == .requestCallsDelegate, case .request(_, let id) = event {
      return called | id.bit
    }
    return called
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
    if case .createManager(let id, _) = event { called |= id.bit }
    if pairChanged { called |= before.heldManagers & after.heldManagers }
    return called
  }

  /// R46: the managers, a bit per ``ManagerID/rawValue``, whose delegate receives
  /// `locationManagerDidPauseLocationUpdates` after `event` (a step the model took from
  /// `before`): those that updated and paused automatically.
  public static func managersPaused(from before: AuthorizationState, by event: AuthorizationEvent)
    -> UInt8
  {
    guard case .pauseUpdates = event else { return 0 }
    return before.legacy.updating & ~before.legacy.pausesManually
  }

  /// R49: the manager whose delegate receives `monitoringDidFail` after `event` (a step the
  /// model took from `before`), and for which region: a start that would register a region
  /// past the limit.
  public static func monitoringFailure(
    from before: AuthorizationState, by event: AuthorizationEvent, _ c: AppConfiguration
  ) -> (manager: ManagerID, region: RegionID)? {
    guard case .startMonitoring(let id, let region) = event, before.registeringFails(region, c)
    else { return nil }
    return (id, region)
  }
}
