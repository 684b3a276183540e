import AuthModel

/// The explicit sessions the explored app may create, each under its own ``SessionID``.
///
/// Entry `i` is session `SessionID(i)`. Written `GOAL` or `GOAL+PURPOSEKEY`, comma-separated, for
/// example `always,whenInUse+Nav` (the default).
public struct SessionCatalogue: Hashable, Sendable, CustomStringConvertible {
  /// One session the app may hold.
  public struct Entry: Hashable, Sendable {
    public var authorization: AuthorizationRequirement
    public var fullAccuracyPurposeKey: String?

    public init(_ authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String? = nil) {
      self.authorization = authorization
      self.fullAccuracyPurposeKey = fullAccuracyPurposeKey
    }
  }

  /// The most entries a catalogue may have: sessions are packed in 3-bit slots.
  public static let maximumCount = 7

  public let entries: [Entry]

  public init(_ entries: [Entry]) {
    precondition(entries.count <= Self.maximumCount, "at most \(Self.maximumCount) sessions")
    self.entries = entries
  }

  /// `always,whenInUse+Nav`: the catalogue `authcheck explore` uses by default.
  public static let standard = SessionCatalogue([
    Entry(.always), Entry(.whenInUse, fullAccuracyPurposeKey: "Nav"),
  ])

  /// Parses `GOAL[+PURPOSEKEY],…`; an empty string is the empty catalogue.
  public init(parsing text: String) throws(CatalogueError) {
    guard !text.isEmpty else {
      self.init([])
      return
    }
    var entries: [Entry] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = item.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)
      guard let goal = AuthorizationRequirement(rawValue: String(parts[0])) else {
        throw CatalogueError(
          message: "unknown session goal '\(parts[0])'; expected none, whenInUse or always")
      }
      if parts.count == 2 && parts[1].isEmpty {
        throw CatalogueError(message: "missing purpose key after '+' in '\(item)'")
      }
      entries.append(Entry(goal, fullAccuracyPurposeKey: parts.count == 2 ? String(parts[1]) : nil))
    }
    guard entries.count <= Self.maximumCount else {
      throw CatalogueError(message: "at most \(Self.maximumCount) sessions, got \(entries.count)")
    }
    self.init(entries)
  }

  public var description: String {
    entries.map { entry in
      entry.authorization.rawValue + (entry.fullAccuracyPurposeKey.map { "+" + $0 } ?? "")
    }.joined(separator: ",")
  }
}

/// A `--sessions` list that cannot be read.
public struct CatalogueError: Error, Hashable, Sendable {
  public let message: String
}
