import AuthEngine
import AuthExplorer
import AuthModel
import Testing

@Suite struct AuthorizationStateCodecTests {
  struct RoundTripCase: CustomTestStringConvertible, Sendable {
    var name: String
    var configuration: AppConfiguration
    var sessions: String
    var reductions: [Reduction]
    /// The number of reachable states, as the `Set` search counts them.
    var states: Int
    /// The legacy services explored, if any.
    var legacy: LegacyCatalogue? = nil
    var testDescription: String { name }

    /// The configuration explored with the case's catalogue and reductions.
    func system() throws -> AuthorizationSystem {
      try AuthorizationSystem(
        configuration: configuration, catalogue: SessionCatalogue(parsing: sessions),
        legacy: legacy, reductions: reductions)
    }
  }

  static let roundTripCases: [RoundTripCase] = [
    // Two sessions, created in either order and carried across termination, naming purpose keys
    // that the dictionary lacks (the catalogue's keys come after the dictionary's).
    RoundTripCase(
      name: "ios18 whenInUse, sessions whenInUse+Nav,always+Other",
      configuration: AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseOnly),
      sessions: "whenInUse+Nav,always+Other", reductions: Reduction.allCases, states: 56_404),
    // Temporary full-accuracy prompts and declined purpose keys of the dictionary.
    RoundTripCase(
      name: "ios18 whenInUse purposeKeys, no sessions",
      configuration: AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseAndNav),
      sessions: "", reductions: Reduction.allCases, states: 15_616),
    // Without reductions: the request result and what was iterated at termination are kept.
    RoundTripCase(
      name: "ios18 no keys, no sessions, no reductions",
      configuration: AppConfiguration(ios: .ios18, infoPlist: Fixtures.noKeys),
      sessions: "", reductions: [], states: 13_376),
    // The legacy services, packed in the word's top fields: continuous updates with the three
    // properties, the pause and the background session's claim.
    RoundTripCase(
      name: "ios17 location, no sessions, legacy updates",
      configuration: AppConfiguration(ios: .ios17, infoPlist: Fixtures.backgroundOnly),
      sessions: "", reductions: Reduction.allCases, states: 51_200,
      legacy: try! LegacyCatalogue(services: .updates)),
    // The monitoring services' registrations, persisted across termination, and two region ids
    // past a limit of one.
    RoundTripCase(
      name: "ios18 location, no sessions, legacy monitoring",
      configuration: AppConfiguration(ios: .ios18, infoPlist: Fixtures.backgroundOnly),
      sessions: "", reductions: Reduction.allCases, states: 154_752,
      legacy: try! LegacyCatalogue(services: [.significantChanges, .visits, .regions])),
  ]

  @Test(
    "unpack(pack(s)) == s on every reachable state, and pack is injective on them",
    arguments: roundTripCases)
  func roundTrip(_ test: RoundTripCase) throws {
    let system = try test.system()
    let states = Fixtures.reachableStates(system)
    #expect(states.count == test.states)
    var words = Set<UInt64>()
    var mismatches = 0
    for state in states {
      let word = system.codec.pack(state)
      words.insert(word)
      #expect(system.codec.bitWidth == 64 || word >> UInt64(system.codec.bitWidth) == 0)
      if system.codec.unpack(word) != state {
        mismatches += 1
        if mismatches <= 3 {
          Issue.record("unpack(pack(s)) != s for \(state)")
        }
      }
    }
    #expect(mismatches == 0)
    #expect(words.count == states.count, "two reachable states pack to the same word")
    // The explorer, which stores only packed states, finds the same states.
    let result = Explorer(system, options: ExplorationOptions(threads: 1)).run()
    #expect(result.isComplete)
    #expect(result.states == states.count)
  }

  @Test(
    "packing a step's successor like the state before gives the word packing it afresh gives",
    arguments: roundTripCases)
  func packingLikeTheStateBefore(_ test: RoundTripCase) throws {
    let system = try test.system()
    var (steps, sameSessions, mismatches) = (0, 0, 0)
    for state in Fixtures.reachableStates(system) {
      let key = system.codec.pack(state)
      for event in system.actions {
        guard let after = system.next(state, event) else { continue }
        steps += 1
        if after.model.sessions == state.model.sessions
          && after.model.sessionsAtTermination == state.model.sessionsAtTermination
        {
          sameSessions += 1
        }
        if system.codec.pack(after, like: state, packed: key) != system.codec.pack(after) {
          mismatches += 1
        }
      }
    }
    #expect(mismatches == 0)
    // Both ways are taken where there are sessions: most steps keep them, some change them.
    #expect(sameSessions * 2 > steps)
    #expect(test.sessions.isEmpty || sameSessions < steps)
  }

  // MARK: Too large for 64 bits

  @Test("a catalogue of seven sessions does not fit in 64 bits")
  func sevenSessionsRejected() throws {
    let catalogue = try SessionCatalogue(
      parsing: "always,always,always,always,always,always,always")
    #expect(catalogue.entries.count == SessionCatalogue.maximumCount)
    let error = #expect(throws: CatalogueError.self) {
      try AuthorizationStateCodec(
        configuration: AppConfiguration(infoPlist: Fixtures.noKeys), catalogue: catalogue)
    }
    #expect(error?.message == "the catalogue and purpose keys need 69 bits; at most 64 fit")
  }

  @Test("six sessions and one purpose key fit, in 64 bits")
  func sixSessionsFit() throws {
    let catalogue = try SessionCatalogue(parsing: "always,always,always,always,always,always+Nav")
    let codec = try AuthorizationStateCodec(
      configuration: AppConfiguration(infoPlist: Fixtures.whenInUseAndNav), catalogue: catalogue)
    #expect(codec.bitWidth == 64)
  }

  @Test("a purpose-key dictionary too large for the declined-keys bits is rejected")
  func tooManyPurposeKeysRejected() throws {
    var keys: [String: String] = [:]
    for i in 0..<32 { keys["Key\(i)"] = "reason \(i)" }
    let configuration = AppConfiguration(
      infoPlist: InfoPlist(whenInUseUsageDescription: "near", temporaryUsageDescriptions: keys))
    let error = #expect(throws: CatalogueError.self) {
      try AuthorizationStateCodec(configuration: configuration, catalogue: .standard)
    }
    #expect(error?.message == "the catalogue and purpose keys need 75 bits; at most 64 fit")
    // The system refuses it for the same reason, before exploring anything.
    #expect(throws: CatalogueError.self) {
      try AuthorizationSystem(configuration: configuration, catalogue: .standard)
    }
  }

  // MARK: Parsing catalogues

  struct ParseCase: CustomTestStringConvertible, Sendable {
    var text: String
    var entries: [SessionCatalogue.Entry]
    var testDescription: String { "'\(text)'" }
  }

  @Test(
    "parses GOAL and GOAL+PURPOSEKEY lists",
    arguments: [
      ParseCase(text: "", entries: []),
      ParseCase(text: "none", entries: [.init(.none)]),
      ParseCase(
        text: "always,whenInUse+Nav",
        entries: [.init(.always), .init(.whenInUse, fullAccuracyPurposeKey: "Nav")]),
      ParseCase(
        text: "whenInUse+Nav,whenInUse+Nav,always+Other",
        entries: [
          .init(.whenInUse, fullAccuracyPurposeKey: "Nav"),
          .init(.whenInUse, fullAccuracyPurposeKey: "Nav"),
          .init(.always, fullAccuracyPurposeKey: "Other"),
        ]),
      ParseCase(
        text: "always+a+b", entries: [.init(.always, fullAccuracyPurposeKey: "a+b")]),
    ])
  func parses(_ test: ParseCase) throws {
    let catalogue = try SessionCatalogue(parsing: test.text)
    #expect(catalogue.entries == test.entries)
    #expect(catalogue.description == test.text)
  }

  @Test("the default catalogue is always,whenInUse+Nav")
  func standardCatalogue() throws {
    #expect(SessionCatalogue.standard == (try SessionCatalogue(parsing: "always,whenInUse+Nav")))
    #expect(SessionCatalogue.standard.description == "always,whenInUse+Nav")
  }

  struct ErrorCase: CustomTestStringConvertible, Sendable {
    var text: String
    var message: String
    var testDescription: String { "'\(text)'" }
  }

  @Test(
    "rejects a catalogue it cannot read, with an exact message",
    arguments: [
      ErrorCase(
        text: "bogus", message: "unknown session goal 'bogus'; expected none, whenInUse or always"),
      ErrorCase(
        text: "always,Always",
        message: "unknown session goal 'Always'; expected none, whenInUse or always"),
      ErrorCase(
        text: "always,", message: "unknown session goal ''; expected none, whenInUse or always"),
      ErrorCase(
        text: "+Nav", message: "unknown session goal ''; expected none, whenInUse or always"),
      ErrorCase(text: "whenInUse+", message: "missing purpose key after '+' in 'whenInUse+'"),
      ErrorCase(
        text: "always,always+", message: "missing purpose key after '+' in 'always+'"),
      ErrorCase(
        text: "none,none,none,none,none,none,none,none", message: "at most 7 sessions, got 8"),
    ])
  func rejects(_ test: ErrorCase) {
    let error = #expect(throws: CatalogueError.self) {
      try SessionCatalogue(parsing: test.text)
    }
    #expect(error?.message == test.message)
  }
}
