// `Refusal` itself is declared beside the refusal function, in StepConditions.swift, whose
// file alone can make one.

extension Refusal {
  /// What cannot happen.
  public enum Reason: Hashable, Sendable {
    case appAlreadyRunning
    case appNotRunning
    case appNotInForeground
    case appNotInBackground
    case relaunchNotAllowed(RelaunchBlocker)
    case noServiceSessionsBeforeIOS18
    case sessionAlreadyHeld(SessionID)
    case tooManySessions
    case sessionNotHeld(SessionID)
    case liveUpdatesAlreadyIterating, liveUpdatesNotIterating
    case monitorAlreadyIterating, monitorNotIterating
    case backgroundActivityAlreadyHeld, backgroundActivityNotHeld
    case noPromptUp
    case promptOnlyInForeground(Prompt)
    case buttonNotOnPrompt(PromptButton, Prompt)
    case noPreciseToggle(Prompt)
    case settingsWhileInForeground
    case settingsLockedByRestrictions
    /// One visit to Settings makes more changes than the model holds (R38).
    case tooManySettingsChanges
    case backgroundEventWhileInUse
    case managerAlreadyHeld(ManagerID)
    case managerNotHeld(ManagerID)
    case tooManyManagers
    /// `allowsBackgroundLocationUpdates` true without `location` in UIBackgroundModes: iOS
    /// terminates the app (R45).
    case backgroundLocationUpdatesWithoutBackgroundMode
    case updatesAlreadyRunning(ManagerID)
    case updatesNotRunning(ManagerID)
    case significantChangesNotRegistered
    case visitsNotRegistered
    case regionNotMonitored(RegionID)
    /// A story names more distinct regions than the model has ids for (R49).
    case tooManyRegionNames
    case pauseInForeground
    case nothingToPause
    /// A call on an object of the app's code that belongs to no running app: made while the
    /// app was not running, or before a termination that ended it (the fake's objects).
    case staleObject(AppObject, StaleSince)
    /// A prompt the app's call waited on was withdrawn at termination, unanswered (R6).
    case promptWithdrawnAtTermination(Prompt)
  }

  /// An object the app's code holds, as a refusal names it.
  public enum AppObject: String, Hashable, Sendable {
    case manager
    case serviceSession = "service session"
    case backgroundActivitySession = "background activity session"
  }

  /// Why an object of the app's code belongs to no running app.
  public enum StaleSince: Hashable, Sendable {
    /// It was made while the app was not running: the app never had it.
    case madeWhileNotRunning
    /// It was made before the app was terminated: the terminated app's objects are gone.
    case terminated
  }

  /// Why R36 forbids a background relaunch.
  public enum RelaunchBlocker: Hashable, Sendable {
    case notAuthorized
    case noAlwaysInEffect
    case nothingToDeliver
  }

  /// The reason in words, lowercase, citing the rule.
  public func message(names: Names = Names()) -> String {
    "\(text(names: names)) (\(rule.id))"
  }

  /// The reason in words, without the rule id.
  public func text(names: Names = Names()) -> String {
    switch reason {
    case .appAlreadyRunning: "the app is already running"
    case .appNotRunning: "the app is not running"
    case .appNotInForeground: "the app is not in the foreground"
    case .appNotInBackground: "the app is not in the background"
    case .relaunchNotAllowed(.notAuthorized):
      "Core Location relaunches only an authorized app into the background"
    case .relaunchNotAllowed(.noAlwaysInEffect):
      "Core Location relaunches the app into the background only with Always in effect "
        + "(stored Always, and on iOS 18 an always session created in use held at termination; "
        + "stored Always for significant changes, visits and regions) "
        + "or a CLBackgroundActivitySession carried across termination"
    case .relaunchNotAllowed(.nothingToDeliver):
      "the app was neither iterating live updates nor monitor events at termination, "
        + "and is registered for no significant changes, visits or region it can receive, "
        + "so Core Location has nothing to relaunch it for"
    case .noServiceSessionsBeforeIOS18: "CLServiceSession needs iOS 18"
    case .sessionAlreadyHeld(let id): "session '\(names.name(of: id))' is already held"
    case .tooManySessions: "the model holds at most \(HeldSessions.capacity) sessions at once"
    case .sessionNotHeld(let id): "session '\(names.name(of: id))' is not held"
    case .liveUpdatesAlreadyIterating: "the app already iterates live updates"
    case .liveUpdatesNotIterating: "the app does not iterate live updates"
    case .monitorAlreadyIterating: "the app already iterates monitor events"
    case .monitorNotIterating: "the app does not iterate monitor events"
    case .backgroundActivityAlreadyHeld: "the app already holds a CLBackgroundActivitySession"
    case .backgroundActivityNotHeld: "the app holds no CLBackgroundActivitySession"
    case .noPromptUp: "no prompt is up"
    case .promptOnlyInForeground(let prompt):
      "the \(prompt.rawValue) prompt can only be answered while the app is in the foreground"
    case .buttonNotOnPrompt(let button, let prompt):
      "the \(prompt.rawValue) prompt has no '\(button.rawValue)' button"
    case .noPreciseToggle(let prompt):
      prompt == .whenInUse
        ? "the prompt has no Precise toggle when NSLocationDefaultAccuracyReduced is true"
        : "the \(prompt.rawValue) prompt has no Precise toggle"
    case .settingsWhileInForeground:
      "the user can only change Settings while the app is in the background or not running"
    case .settingsLockedByRestrictions:
      "restrictions prevent changes to the app's location settings"
    case .tooManySettingsChanges:
      "one visit to Settings makes at most \(SettingsChanges.capacity) changes in the model"
    case .backgroundEventWhileInUse:
      "Core Location holds events that need Always only while the app is not in use"
    case .managerAlreadyHeld(let id): "manager '\(names.name(of: id))' is already held"
    case .managerNotHeld(let id): "manager '\(names.name(of: id))' is not held"
    case .tooManyManagers:
      "the model holds at most \(AuthorizationState.maximumManagers) managers at once"
    case .backgroundLocationUpdatesWithoutBackgroundMode:
      "allowsBackgroundLocationUpdates set to true without location in UIBackgroundModes "
        + "is a fatal error: iOS terminates the app"
    case .updatesAlreadyRunning(let id):
      "manager '\(names.name(of: id))' already runs continuous updates"
    case .updatesNotRunning(let id):
      "manager '\(names.name(of: id))' runs no continuous updates"
    case .significantChangesNotRegistered:
      "the app is not registered for significant location changes"
    case .visitsNotRegistered: "the app is not registered for visits"
    case .regionNotMonitored(let id): "region '\(names.name(of: id))' is not registered"
    case .tooManyRegionNames:
      "the model names at most \(LegacyServices.maximumRegionIDs) distinct regions in one story"
    case .pauseInForeground:
      "Core Location pauses updates only while the app is in the background"
    case .nothingToPause:
      "no manager runs continuous updates with pausesLocationUpdatesAutomatically true"
    case .staleObject(let object, .madeWhileNotRunning):
      "this \(object.rawValue) was made while the app was not running; "
        + "make a new one after launch()"
    case .staleObject(let object, .terminated):
      "this \(object.rawValue) belongs to the app before it was terminated; "
        + "make a new one after launch()"
    case .promptWithdrawnAtTermination(let prompt):
      "the app was terminated before the user answered the \(prompt.rawValue) prompt, "
        + "which termination withdrew"
    }
  }
}

extension Refusal: CustomStringConvertible {
  /// The refusal in one readable line, citing its rule: "no prompt is up (R6)".
  public var description: String { message() }
}
