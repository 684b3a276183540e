import AuthModel
import TestSupport
import Testing

/// The session list's storage (`HeldSession.swift`): sessions in lanes of machine words.
@Suite struct HeldSessionTests {
  /// A session with small, distinct fields for position `i`.
  static func session(_ i: Int) -> HeldSession {
    let goals: [AuthorizationRequirement] = [.none, .whenInUse, .always]
    return HeldSession(
      id: SessionID(UInt8(10 + i)), authorization: goals[i % 3],
      fullAccuracyPurposeKey: i % 2 == 0 ? PurposeKey(index: UInt8(i)) : nil,
      createdInUse: i % 3 != 1)
  }

  /// A full list of distinct sessions.
  static let full = (0..<HeldSessions.capacity).map(session)

  /// The ids, position by position, as the explorer's packing reads them (`idLanes`).
  static func laneIDs(_ sessions: HeldSessions) -> [SessionID] {
    sessions.indices.map { SessionID(UInt8(truncatingIfNeeded: sessions.idLanes >> (8 * $0))) }
  }

  /// The createdInUse marks, position by position, as the packing reads them.
  static func laneMarks(_ sessions: HeldSessions) -> [Bool] {
    sessions.indices.map { sessions.createdInUseLanes >> $0 & 1 != 0 }
  }

  @Test("idBits sets a bit per id held, and per id created in use")
  func idBits() {
    let sessions = HeldSessions([5, 2, 7, 1].map(Self.session))
    // Ids 15, 12, 17, 11; session(i) is created in use unless i % 3 == 1 (7 and 1).
    #expect(sessions.idBits.held == 1 << 15 | 1 << 12 | 1 << 17 | 1 << 11)
    #expect(sessions.idBits.createdInUse == 1 << 15 | 1 << 12)
    #expect(HeldSessions().idBits == (0, 0))
  }

  @Test("sorting by id keeps every session whole, in increasing order of id")
  func sortedByID() {
    let shuffled = [5, 2, 7, 0, 3].map(Self.session)
    let sessions = HeldSessions(shuffled)
    #expect(!sessions.isSortedByID)
    let sorted = sessions.sortedByID()
    #expect(sorted.isSortedByID)
    #expect(Array(sorted) == shuffled.sorted { $0.id < $1.id })
    #expect(HeldSessions().isSortedByID && HeldSessions(shuffled.prefix(1)).isSortedByID)
    #expect(HeldSessions().sortedByID() == HeldSessions())
  }

  @Test("the lanes past the count are zero, and clearing the marks keeps everything else")
  func lanesAndMarks() {
    var sessions = HeldSessions(Self.full.prefix(3))
    #expect(sessions.idLanes >> 24 == 0)
    #expect(sessions.createdInUseLanes >> 3 == 0)
    #expect(Self.laneMarks(sessions) == [true, false, true])
    sessions.clearCreatedInUse()
    #expect(sessions.createdInUseLanes == 0)
    var expected = Array(Self.full.prefix(3))
    for i in expected.indices { expected[i].createdInUse = false }
    #expect(sessions == HeldSessions(expected))
  }

  @Test("appending up to capacity keeps every session and its order")
  func appendToCapacity() {
    var sessions = HeldSessions()
    for (count, session) in Self.full.enumerated() {
      #expect(!sessions.isFull)
      sessions.append(session)
      #expect(sessions.count == count + 1)
    }
    #expect(sessions.isFull)
    #expect(Array(sessions) == Self.full)
    #expect(Self.laneIDs(sessions) == Self.full.map(\.id))
    #expect(Self.laneMarks(sessions) == Self.full.map(\.createdInUse))
    #expect(sessions.firstIndex(of: Self.full[7].id) == 7)
    #expect(!sessions.contains(SessionID(9)))
  }

  struct RemoveCase: Sendable, CustomTestStringConvertible {
    var name: String
    var position: Int
    var testDescription: String { name }
  }

  static let removeTable = [
    RemoveCase(name: "the first", position: 0),
    RemoveCase(name: "one in the middle", position: 3),
    RemoveCase(name: "the last", position: HeldSessions.capacity - 1),
  ]

  @Test(
    "removing a session keeps the others in order, equal to the list built without it",
    arguments: removeTable)
  func remove(_ test: RemoveCase) {
    var sessions = HeldSessions(Self.full)
    sessions.remove(at: test.position)
    var expected = Self.full
    expected.remove(at: test.position)
    #expect(Array(sessions) == expected)
    #expect(Self.laneIDs(sessions) == expected.map(\.id))
    #expect(Self.laneMarks(sessions) == expected.map(\.createdInUse))
    // The freed lane is cleared: equal lists compare and hash alike whatever their history.
    let fresh = HeldSessions(expected)
    #expect(sessions == fresh)
    #expect(sessions.hashValue == fresh.hashValue)
    #expect(!sessions.contains(Self.full[test.position].id))
  }

  @Test("removing every session leaves a list equal to an empty one")
  func removeEverySession() {
    var sessions = HeldSessions(Self.full)
    while !sessions.isEmpty { sessions.remove(at: sessions.count / 2) }
    #expect(sessions == HeldSessions())
    #expect(sessions.hashValue == HeldSessions().hashValue)
    sessions.append(Self.full[5])
    #expect(sessions == HeldSessions([Self.full[5]]))
  }

  @Test("ids and purpose-key indexes 0 and 255 read back unchanged")
  func extremeValues() {
    let extremes = [
      HeldSession(
        id: SessionID(0), authorization: .always, fullAccuracyPurposeKey: PurposeKey(index: 255)),
      HeldSession(
        id: SessionID(255), authorization: .whenInUse,
        fullAccuracyPurposeKey: PurposeKey(index: 0), createdInUse: false),
      HeldSession(id: SessionID(128), authorization: .none),
      HeldSession(
        id: SessionID(255), authorization: .always, fullAccuracyPurposeKey: PurposeKey(index: 255),
        createdInUse: false),
    ]
    let sessions = HeldSessions(extremes)
    #expect(Array(sessions) == extremes)
    #expect(Self.laneIDs(sessions)[0] == SessionID(0))
    #expect(Self.laneIDs(sessions)[1] == SessionID(255))
    #expect(sessions.firstIndex(of: SessionID(255)) == 1)
    #expect(sessions.firstIndex(of: SessionID(0)) == 0)
  }

  @Test("firstIndex finds the first session with an id, never an empty position")
  func firstIndex() {
    let sessions = HeldSessions([
      HeldSession(id: SessionID(1), authorization: .none),
      HeldSession(id: SessionID(0), authorization: .whenInUse),
      HeldSession(id: SessionID(0x80), authorization: .always),
      HeldSession(id: SessionID(0), authorization: .always),
    ])
    #expect(sessions.firstIndex(of: SessionID(1)) == 0)
    #expect(sessions.firstIndex(of: SessionID(0)) == 1)
    #expect(sessions.firstIndex(of: SessionID(0x80)) == 2)
    #expect(sessions.firstIndex(of: SessionID(0x81)) == nil)
    #expect(sessions.firstIndex(of: SessionID(2)) == nil)
    // The empty positions hold zeros, yet no session 0 is found in them.
    let noZero = HeldSessions([HeldSession(id: SessionID(5), authorization: .none)])
    #expect(noZero.firstIndex(of: SessionID(0)) == nil)
    #expect(HeldSessions().firstIndex(of: SessionID(0)) == nil)
    // A full list: the last position is searched too.
    #expect(HeldSessions(Self.full).firstIndex(of: Self.full[7].id) == 7)
    #expect(!HeldSessions(Self.full).contains(SessionID(0)))
  }

  @Test("no purpose key and purpose key 0 are different sessions")
  func nilKeyIsNotKeyZero() {
    let keyless = HeldSession(id: SessionID(0), authorization: .whenInUse)
    var keyed = keyless
    keyed.fullAccuracyPurposeKey = PurposeKey(index: 0)
    let withoutKey = HeldSessions([keyless])
    let withKeyZero = HeldSessions([keyed])
    #expect(withoutKey != withKeyZero)
    #expect(withoutKey[0].fullAccuracyPurposeKey == nil)
    #expect(withKeyZero[0].fullAccuracyPurposeKey == PurposeKey(index: 0))
  }

  @Test("replacing a session rewrites its whole lane and leaves the others")
  func replace() {
    var sessions = HeldSessions(Self.full)
    // Position 2 has key 2, goal always and was created in use: each field changes.
    let replacement = HeldSession(id: SessionID(200), authorization: .none, createdInUse: false)
    sessions[2] = replacement
    var expected = Self.full
    expected[2] = replacement
    #expect(Array(sessions) == expected)
    #expect(sessions == HeldSessions(expected))
    #expect(sessions.hashValue == HeldSessions(expected).hashValue)
    sessions[2].createdInUse = true
    #expect(Self.laneMarks(sessions)[2])
    #expect(sessions[2].id == SessionID(200))
  }

  @Test("matches an array through 10,000 appends, removals and replacements")
  func matchesArray() {
    var random = SplitMix64(seed: 17)
    func anySession() -> HeldSession {
      HeldSession(
        id: SessionID(.random(in: 0...255, using: &random)),
        authorization: [.none, .whenInUse, .always].randomElement(using: &random)!,
        fullAccuracyPurposeKey: Bool.random(using: &random)
          ? PurposeKey(index: .random(in: 0...255, using: &random)) : nil,
        createdInUse: .random(using: &random))
    }
    var sessions = HeldSessions()
    var model: [HeldSession] = []
    var filled = 0
    for _ in 0..<10_000 {
      switch Int.random(in: 0..<3, using: &random) {
      case 0 where model.count < HeldSessions.capacity:
        let session = anySession()
        sessions.append(session)
        model.append(session)
      case 1 where !model.isEmpty:
        let position = Int.random(in: 0..<model.count, using: &random)
        sessions.remove(at: position)
        model.remove(at: position)
      case 2 where !model.isEmpty:
        let position = Int.random(in: 0..<model.count, using: &random)
        let session = anySession()
        sessions[position] = session
        model[position] = session
      default:
        continue
      }
      if model.count == HeldSessions.capacity { filled += 1 }
      #expect(Array(sessions) == model)
      #expect(sessions == HeldSessions(model))
      #expect(sessions.hashValue == HeldSessions(model).hashValue)
      for (position, session) in model.enumerated() {
        #expect(Self.laneIDs(sessions)[position] == session.id)
        #expect(Self.laneMarks(sessions)[position] == session.createdInUse)
        #expect(sessions.firstIndex(of: session.id) == model.firstIndex { $0.id == session.id })
      }
    }
    #expect(filled > 10, "the walk should reach a full list often")
  }

  @Test("removeAll leaves a list equal to an empty one")
  func removeAll() {
    var sessions = HeldSessions(Self.full)
    sessions.removeAll()
    #expect(sessions.isEmpty)
    #expect(sessions == HeldSessions())
  }
}
