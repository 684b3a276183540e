// What only the explorer (AuthExplorer) reads of the model, for the package alone: whether a
// step changes nothing, the diagnostics every holder shares, and the raw words of the state
// its codec packs. Every rule these read is decided where docs/RULES.md places it; these only ask.

extension AuthorizationState {
  // MARK: Steps that change nothing

  /// Whether `event`, which the model takes in this state, changes nothing in it but
  /// ``lastRequestResult``: a legacy request that shows no prompt (R13, R14, R16), made by a
  /// manager the app may release or not (R6), a change
  /// in Settings that writes only what is there with no prompt up for it to withdraw (R38), the
  /// system's background event with no upgrade prompt to show (R14).
  ///
  /// It asks what the steps themselves ask (the same functions: the requests' prompt
  /// decisions, ``SettingsChange/write(to:defaultPrecise:)``), and the event alone: for a
  /// state that a step produced, the rest of a step changes nothing either (`settle`). It says
  /// `false` for every other event.
  package func changesNothing(_ event: AuthorizationEvent, configuration c: AppConfiguration)
    -> Bool
  {
    var quiet = Trace.off
    switch event {
    case .requestWhenInUseAuthorization: return !whenInUseRequestPrompts(c, &quiet)
    case .requestAlwaysAuthorization: return !alwaysRequestPrompts(c, &quiet)
    case .requestTemporaryFullAccuracyAuthorization(let key):
      return !temporaryFullAccuracyRequestPrompts(key, c, &quiet)
    case .backgroundEvent: return !systemUpgradePromptAppears(&quiet)
    // R6: a manager's request that shows no prompt records no manager either.
    case .request(let request, _): return changesNothing(request.event, configuration: c)
    case .settings(let change):
      return promptWithdrawnBySettings == nil
        && change.writesNothingNew(to: self, defaultPrecise: c.defaultPrecise)
    case .settingsChanges(let changes):
      guard pendingPrompt == nil else { return false }
      var after = SettingsValues(self)
      for change in changes { change.write(to: &after, defaultPrecise: c.defaultPrecise) }
      return after == SettingsValues(self)
    default: return false
    }
  }

  // MARK: Every holder's diagnostics at once (R24–R32)

  /// Calls `body` with every holder and its flags, in ``holders(_:)`` order, deciding what the
  /// holders share once.
  ///
  /// - Parameter status: this state's effective status (``authorizationStatus(_:)``).
  package func forEachHolderFlags(
    _ c: AppConfiguration, status: AuthorizationStatus, _ body: (Holder, DiagnosticFlags) -> Void
  ) {
    var holders = holderSequence(c)
    guard var holder = holders.next() else { return }
    let context = HolderContext(self, c, status: status)
    var quiet = Trace.off
    while true {
      if let flags = flags(of: holder, context, c, trace: &quiet) { body(holder, flags) }
      guard let next = holders.next() else { return }
      holder = next
    }
  }

  /// The flags every holder has alike (R24–R27 and R29: `authorizationDeniedGlobally`,
  /// `authorizationDenied`, `authorizationRestricted`, `authorizationRequestInProgress`,
  /// `serviceSessionRequired`), or `nil` if the app holds nothing that reports diagnostics.
  ///
  /// The union of every holder's flags among those five (``DiagnosticFlags/sharedByEveryHolder``)
  /// is these; the flags that differ between holders (R28, R30–R32) are not read.
  /// `HolderFlagsTests` checks, in every reachable state of its catalogues, that every holder
  /// has exactly these among those five flags.
  package func sharedHolderFlags(_ c: AppConfiguration, status: AuthorizationStatus)
    -> DiagnosticFlags?
  {
    var holders = holderSequence(c)
    guard holders.next() != nil else { return nil }
    // As `HolderContext` decides them, without what only some holders read.
    var quiet = Trace.off
    var flags = stateWideFlags(status: status, c, trace: &quiet)
    if serviceSessionRequired(c, trace: &quiet) { flags.insert(.serviceSessionRequired) }
    return flags
  }

  // MARK: Raw words

  /// The flags and small enums as one word, at the places ``Field`` gives.
  @inlinable package var fields: UInt32 {
    get {
      UInt32(fields0) | UInt32(fields1) &<< 8 | UInt32(fields2) &<< 16
    }
    set {
      fields0 = UInt8(truncatingIfNeeded: newValue)
      fields1 = UInt8(truncatingIfNeeded: newValue &>> 8)
      fields2 = UInt8(truncatingIfNeeded: newValue &>> 16)
    }
  }
}

extension DiagnosticFlags {
  /// The flags that read the state alone, the same on every holder (R24–R27, R29): those
  /// ``AuthorizationState/sharedHolderFlags(_:status:)`` decides for all holders at once.
  package static let sharedByEveryHolder: DiagnosticFlags = [
    .authorizationDeniedGlobally, .authorizationDenied, .authorizationRestricted,
    .authorizationRequestInProgress, .serviceSessionRequired,
  ]
}

extension HeldSessions {
  /// The ids' bytes, a lane per position (zero past ``count``), and the createdInUse marks, a
  /// bit per position.
  @inlinable package var idLanes: UInt64 { ids }
  @inlinable package var createdInUseLanes: UInt64 { flags &>> Self.inUseShift & 0xFF }

  /// The sessions' ids as a bit set (bit `id.rawValue` for each session held, ids below 64), and
  /// the same for those created in use.
  @inlinable package var idBits: (held: UInt64, createdInUse: UInt64) {
    var held: UInt64 = 0
    var createdInUse: UInt64 = 0
    var ids = idLanes
    var marks = createdInUseLanes
    for _ in 0..<count {
      let bit: UInt64 = 1 &<< (ids & 0xFF)
      held |= bit
      createdInUse |= marks & 1 != 0 ? bit : 0
      ids &>>= 8
      marks &>>= 1
    }
    return (held, createdInUse)
  }

  /// Whether the sessions are in increasing order of id.
  package var isSortedByID: Bool {
    var lanes = ids
    var previous: UInt64 = 0
    for lane in 0..<count {
      let id = lanes & 0xFF
      if lane > 0 && id <= previous { return false }
      previous = id
      lanes &>>= 8
    }
    return true
  }

  /// The same sessions in increasing order of id (ids below 64, as in ``idBits``): the
  /// explorer's canonical form of a termination record, whose order no rule reads.
  package func sortedByID() -> HeldSessions {
    var sorted = HeldSessions()
    var pending = idBits.held
    while pending != 0 {
      let id = SessionID(UInt8(truncatingIfNeeded: pending.trailingZeroBitCount))
      pending &= pending &- 1
      guard let position = firstIndex(of: id) else { preconditionFailure("id \(id) not held") }
      sorted.append(self[position])
    }
    return sorted
  }

  /// Clears every session's createdInUse mark, in place.
  @inlinable package mutating func clearCreatedInUse() { flags &= ~(0xFF &<< Self.inUseShift) }
}
