// R38: what a change in Settings writes, said once. The transition function applies it; the
// explorer asks it whether a change writes only what is there already.

/// What a change in Settings can write: the app's location choice and the grants that go with
/// it, Precise Location, and the device's switches (R38). A state holds them, and so does
/// ``SettingsValues``, the explorer's table of them.
package protocol SettingsRecord {
  var location: LocationSetting { get set }
  var allowOnce: Bool { get set }
  var provisionalAlways: Bool { get set }
  var temporaryFullAccuracy: Bool { get set }
  var alwaysPromptSpent: Bool { get set }
  var precise: Bool { get set }
  var locationServicesEnabled: Bool { get set }
  var restrictionsEnabled: Bool { get set }
}

/// The values of a ``SettingsRecord`` alone.
package struct SettingsValues: SettingsRecord, Hashable, Sendable {
  package var location: LocationSetting
  package var allowOnce: Bool
  package var provisionalAlways: Bool
  package var temporaryFullAccuracy: Bool
  package var alwaysPromptSpent: Bool
  package var precise: Bool
  package var locationServicesEnabled: Bool
  package var restrictionsEnabled: Bool

  package init(
    location: LocationSetting, allowOnce: Bool, provisionalAlways: Bool,
    temporaryFullAccuracy: Bool, alwaysPromptSpent: Bool, precise: Bool,
    locationServicesEnabled: Bool, restrictionsEnabled: Bool
  ) {
    self.location = location
    self.allowOnce = allowOnce
    self.provisionalAlways = provisionalAlways
    self.temporaryFullAccuracy = temporaryFullAccuracy
    self.alwaysPromptSpent = alwaysPromptSpent
    self.precise = precise
    self.locationServicesEnabled = locationServicesEnabled
    self.restrictionsEnabled = restrictionsEnabled
  }
}

extension AuthorizationState {
  /// R38: the prompt any change in Settings withdraws, whatever the change: the pending one,
  /// shown or waiting for the foreground; `nil` when none is pending. The step withdraws it,
  /// and the explorer asks it whether a change leaves the state as it is.
  @inline(__always)
  package var promptWithdrawnBySettings: PendingPrompt? { pendingPrompt }
}

extension SettingsValues {
  /// The values `record` holds.
  package init(_ record: some SettingsRecord) {
    self.init(
      location: record.location, allowOnce: record.allowOnce,
      provisionalAlways: record.provisionalAlways,
      temporaryFullAccuracy: record.temporaryFullAccuracy,
      alwaysPromptSpent: record.alwaysPromptSpent, precise: record.precise,
      locationServicesEnabled: record.locationServicesEnabled,
      restrictionsEnabled: record.restrictionsEnabled)
  }
}

extension SettingsChange {
  /// R38: writes the change. Choosing a location ends Allow Once and provisional Always; a reset
  /// forgets the app's choices, its grants and the upgrade prompt it was shown, and sets Precise
  /// to what the app's Info.plist asks for (`defaultPrecise`).
  @inline(__always)
  package func write<Record: SettingsRecord>(to v: inout Record, defaultPrecise: Bool) {
    switch self {
    case .location(let setting):
      v.location = setting
      v.allowOnce = false
      v.provisionalAlways = false
    case .precise(let on):
      v.precise = on
    case .locationServices(let on):
      v.locationServicesEnabled = on
    case .restrictions(let on):
      v.restrictionsEnabled = on
    case .reset:
      v.location = .askNextTime
      v.allowOnce = false
      v.provisionalAlways = false
      v.temporaryFullAccuracy = false
      v.precise = defaultPrecise
      v.alwaysPromptSpent = false
    }
  }

  /// Whether the change writes only what `record` holds.
  package func writesNothingNew<Record: SettingsRecord & Equatable>(
    to record: Record, defaultPrecise: Bool
  ) -> Bool {
    var after = record
    write(to: &after, defaultPrecise: defaultPrecise)
    return after == record
  }
}

extension AuthorizationState: SettingsRecord {}
