import AuthModel
import AuthScenario

/// Checks an app's description: the static checks A1–A4, then the exploration of every story.
///
/// The exploration (`works`, the app's own checks, the ways each feature can fail) is not part
/// of this release: an app with no static error gets a ``AppFailure/Kind/notExplored`` failure,
/// so that no app passes without having been explored.
public enum AppChecker {
  /// Checks `app`.
  public static func check(_ app: AppDescription) -> AppReport {
    let findings = app.staticFindings()
    var failures = findings.filter(\.check.isError).map {
      AppFailure(.staticCheck($0.check), message: $0.message, at: $0.position)
    }
    if failures.isEmpty {
      failures.append(
        AppFailure(
          .notExplored,
          message:
            "exploration of app files is not implemented yet: 'works', the app's own checks and "
            + "the ways each feature can fail were not checked",
          at: nil))
    }
    return AppReport(app: app, findings: findings, failures: failures)
  }
}

/// What checking an app found.
public struct AppReport: Hashable, Sendable {
  public var app: AppDescription
  /// Every finding of A1–A4, errors and warnings, sorted by position.
  public var findings: [StaticFinding]
  /// What fails the app; empty when it passes.
  public var failures: [AppFailure]

  /// The findings that only warn (A2–A4).
  public var warnings: [StaticFinding] { findings.filter { !$0.check.isError } }

  /// Whether the app passed: no static error, every check held.
  public var passed: Bool { failures.isEmpty }

  /// Whether the app's stories were explored (false while a static error stops them).
  public var explored: Bool {
    !failures.contains { $0.kind == .notExplored || $0.kind.isStatic }
  }
}

/// One reason an app fails.
public struct AppFailure: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// A static check that is an error (A1); the app is not explored.
    case staticCheck(StaticCheck)
    /// The app could not be explored by this release.
    case notExplored

    var isStatic: Bool { if case .staticCheck = self { true } else { false } }
  }

  public var kind: Kind
  public var message: String
  /// Where the app file says what failed; `nil` for a description built in Swift, or for a
  /// failure of the whole file.
  public var position: SourcePosition?

  public init(_ kind: Kind, message: String, at position: SourcePosition?) {
    self.kind = kind
    self.message = message
    self.position = position
  }
}
