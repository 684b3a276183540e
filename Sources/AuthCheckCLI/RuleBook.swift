import AuthApp
import AuthExplorer
import AuthModel
import AuthScenario

/// The rule book as text: `docs/RULES.md` (``markdown``) and the entries `authcheck rules`
/// prints, both from AuthModel's ``AuthModel/Rule/text`` and ``AuthModel/ModelProperty/all``.
enum RuleBook {
  /// The width the book's text is filled to.
  static let width = 100

  /// A rule or a property of the book.
  enum Entry: Hashable {
    case rule(Rule)
    case property(ModelProperty)
    /// A static check of app files (docs/APPS.md), which their reports cite.
    case appCheck(StaticCheck)

    /// Every entry: the rules in order, then the properties, then the app files' checks.
    static var all: [Entry] {
      Rule.allCases.map(Entry.rule) + ModelProperty.all.map(Entry.property)
        + StaticCheck.allCases.map(Entry.appCheck)
    }

    var id: String {
      switch self {
      case .rule(let rule): rule.id
      case .property(let property): property.id
      case .appCheck(let check): check.rawValue
      }
    }

    var title: String {
      switch self {
      case .rule(let rule): rule.title
      case .property(let property): property.title
      case .appCheck(let check): check.title
      }
    }

    /// The entry with id `id`, ignoring case (`r19` is `R19`).
    init?(id: String) {
      let wanted = id.uppercased()
      guard let entry = Self.all.first(where: { $0.id == wanted }) else { return nil }
      self = entry
    }
  }

  // MARK: Terminal

  /// `authcheck rules`: every id with its title, titles aligned.
  static var index: String {
    let column = (Entry.all.map(\.id.count).max() ?? 0) + 2
    var text = ""
    for entry in Entry.all {
      let id = entry.id.padding(toLength: column, withPad: " ", startingAt: 0)
      let indent = String(repeating: " ", count: column)
      let lines = TextWrapping.wrap(entry.title, width: width, first: id, rest: indent)
      text += lines.joined(separator: "\n") + "\n"
    }
    text += "\nnot modelled (docs/RULES.md, \"What the model leaves out\"):\n"
    for entry in NotModelled.entries {
      text +=
        TextWrapping.wrap(entry.what, width: width, first: "  - ", rest: "    ")
        .joined(separator: "\n") + "\n"
    }
    return text
  }

  /// The chapter of what a file may name that the model leaves out (``NotModelled``).
  static var leftOut: [String] {
    var lines = ["## What the model leaves out", ""]
    lines += TextWrapping.fill(
      "A scenario or an app file that names one of these gets an error that says so, with the "
        + "nearest thing the model has; any other unknown name gets a \"did you mean\" or a "
        + "pointer here. What the model holds is listed at the top of this book.",
      width: width, indent: "")
    lines.append("")
    for entry in NotModelled.entries {
      let names = entry.names.map { "`\($0)`" }.joined(separator: ", ")
      let nearest = entry.nearest.map { " Nearest modelled: \($0)." } ?? ""
      lines += TextWrapping.wrap(
        "\(entry.what): \(names).\(nearest)", width: width, first: "- ", rest: "  ")
    }
    lines.append("")
    return lines
  }

  /// `authcheck rules ID`: the entry's title, text, sources, whether it is assumed and, for a
  /// rule, the model's own choices beside it.
  static func details(_ entry: Entry) -> String {
    var lines: [String]
    switch entry {
    case .rule(let rule):
      let text = rule.text
      lines = ["\(rule.id) \(rule.title)", "  (\(rule.chapter))", ""]
      lines += TextWrapping.fill(text.statement, width: width, indent: "  ")
      lines += ["", "  sources:"]
      lines += text.sources.isEmpty ? ["    none cited"] : text.sources.map { "    - \($0.name)" }
      lines += TextWrapping.wrap(
        "assumed: " + (text.assumed ?? "no"), width: width, first: "  ", rest: "    ")
      if !text.modelChoices.isEmpty {
        lines.append("  the model's choices:")
        for choice in text.modelChoices {
          lines += TextWrapping.wrap(choice, width: width, first: "    - ", rest: "      ")
        }
      }
    case .property(let property):
      lines = ["\(property.id) \(property.title)", "  (a property of every reachable state)", ""]
      lines += TextWrapping.fill(property.statement, width: width, indent: "  ")
      lines += [
        "", "  follows from: " + property.rules.map(\.id).joined(separator: ", "),
        "  checked by 'authcheck explore': " + (property.isExplored ? "yes" : "not yet"),
      ]
    case .appCheck(let check):
      lines = ["\(check.rawValue) \(check.title)", "  (a static check of app files)", ""]
      lines += TextWrapping.fill(check.statement, width: width, indent: "  ")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: Markdown

  /// The whole book as GitHub Markdown: the text of `docs/RULES.md`.
  static var markdown: String {
    var lines = introduction.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    var chapter = ""
    for rule in Rule.allCases {
      if rule.chapter != chapter {
        chapter = rule.chapter
        lines += ["## \(chapter)", ""]
      }
      lines += markdown(rule)
    }
    lines += ["## Properties of every reachable state", ""]
    lines += TextWrapping.fill(propertiesIntroduction, width: width, indent: "")
    lines.append("")
    for property in ModelProperty.all { lines += markdown(property) }
    lines += TextWrapping.fill(witnesses, width: width, indent: "")
    lines += ["", "## Static checks of app files", ""]
    lines += TextWrapping.fill(appChecksIntroduction, width: width, indent: "")
    lines.append("")
    for check in StaticCheck.allCases {
      lines += ["### \(check.rawValue) \(check.title)", ""]
      lines += TextWrapping.fill(check.statement, width: width, indent: "")
      lines.append("")
    }
    lines += leftOut
    lines += pictures
    lines += ["## Sources", ""]
    for source in RuleSource.allCases {
      lines += TextWrapping.wrap(source.name, width: width, first: "- ", rest: "  ")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The app the pictures draw: both usage strings, one session that asks for When In Use.
  static let pictured = (
    InfoPlist(
      whenInUseUsageDescription: "Shows what is near you",
      alwaysAndWhenInUseUsageDescription: "Reminds you on arrival"),
    catalogue: "whenInUse"
  )

  /// The chapter of the model's pictures, one per iOS version whose rules differ.
  static var pictures: [String] {
    var lines = ["## The model as a picture", ""]
    lines += TextWrapping.fill(
      "What a user of an app with both usage strings and one `whenInUse` session can see, and "
        + "every step that changes it (`authcheck diagram --all`, docs/APPS.md): each box is what the "
        + "user sees (the status, the accuracy, the prompt on screen); each edge a button, a "
        + "Settings change, a call of the app or a lifecycle step that changes what the user "
        + "sees. Dashed boxes are reached only by a user who declines or opens Settings. iOS 26 "
        + "and 27 follow iOS 18. Draw your own app's with `authcheck diagram --ios 18 --info "
        + "Info.plist --sessions LIST --all`; without `--all` it draws the journey: the path of "
        + "a user who allows everything, and the other answers to each of its prompts.",
      width: width, indent: "")
    lines.append("")
    for ios in IOSVersion.distinctRules {
      lines += ["### iOS \(ios.rawValue)", ""]
      let diagram = try! PermissionDiagram.of(
        AppConfiguration(ios: ios, infoPlist: pictured.0),
        catalogue: try! SessionCatalogue(parsing: pictured.catalogue))
      lines += DiagramText.mermaid(diagram).split(separator: "\n").map(String.init)
      lines.append("")
    }
    return lines
  }

  private static let appChecksIntroduction =
    "App files (docs/APPS.md) are checked before any exploration; their reports cite these "
    + "ids, and `authcheck rules A2` explains one."

  private static func markdown(_ rule: Rule) -> [String] {
    let text = rule.text
    var lines = ["### \(rule.id) \(rule.title)", ""]
    lines += TextWrapping.fill(text.statement, width: width, indent: "")
    lines.append("")
    if text.sources.isEmpty {
      lines += ["**Sources:** none cited.", ""]
    } else {
      lines += ["**Sources:**", ""]
      for source in text.sources {
        lines += TextWrapping.wrap(source.name, width: width, first: "- ", rest: "  ")
      }
      lines.append("")
    }
    let assumed = text.assumed.map { "**Assumed:** \($0)." } ?? "**Assumed:** no."
    lines += TextWrapping.wrap(assumed, width: width, first: "", rest: "")
    lines.append("")
    if !text.modelChoices.isEmpty {
      lines += ["**The model's choices:**", ""]
      for choice in text.modelChoices {
        lines += TextWrapping.wrap(choice, width: width, first: "- ", rest: "  ")
      }
      lines.append("")
    }
    return lines
  }

  private static func markdown(_ property: ModelProperty) -> [String] {
    var lines = ["### \(property.id) \(property.title)", ""]
    lines += TextWrapping.fill(property.statement, width: width, indent: "")
    lines.append("")
    let explored = property.isExplored ? "yes." : "not yet."
    lines += TextWrapping.wrap(
      "**Follows from:** " + property.rules.map(\.id).joined(separator: ", ") + ".",
      width: width, first: "", rest: "")
    // On a line of its own, so that it reads whole however long the list before it.
    lines.append("**Checked by `authcheck explore`:** " + explored)
    lines.append("")
    return lines
  }

  private static let introduction = """
    # The rules authcheck models

    <!-- Generated by `swift run authcheck rules --markdown` from
    Sources/AuthModel/Rule+Text.swift and Sources/AuthModel/ModelProperty.swift: edit those, then
    regenerate this file (CONTRIBUTING.md, "The rule book"). -->

    This is what authcheck believes about Core Location's authorization on iOS: the contract its
    model follows. Every rule has an id (`R1`…`R50`) and every property of the model an id
    (`P1`…`P13`); failure messages (`because R12: …`), the explorer's reports and the model's code
    cite them. `authcheck rules` lists them and `authcheck rules R19 P7` prints these entries on a
    terminal, from the binary, with nothing else beside it.

    Each rule says what it says, where it comes from (Apple's headers and documents by name, WWDC
    sessions by number, and where Apple is silent, developers' field reports) and whether any part
    of it is **assumed**: where Apple's texts are silent or disagree, the rule picks one reading on
    purpose and says which. Where a rule still leaves room, the model makes its own choice, listed
    under the rule it refines; those choices are tested like the rules.

    The rules follow version 4 of the specification. iOS 26 and 27 follow iOS 18's rules: Apple
    documents no change to location authorization, CLServiceSession or CLBackgroundActivitySession
    after iOS 18 (R39).

    ## What the model holds

    - **The app as built** (fixed for a scenario): the iOS version (17, 18, 26 or 27) and the
      Info.plist keys `NSLocationWhenInUseUsageDescription`,
      `NSLocationAlwaysAndWhenInUseUsageDescription`, `NSLocationDefaultAccuracyReduced` (default
      false), `NSLocationTemporaryUsageDescriptionDictionary` (purpose key to text),
      `NSLocationRequireExplicitServiceSession` (default false) and whether `UIBackgroundModes`
      contains `location`.
    - **What survives termination** (changed only by the user, a prompt's answer or a reset): the
      app's stored choice, `notDetermined`, `denied`, `whenInUse` or `always` (Settings shows Ask
      Next Time, Never, While Using the App, Always); the Precise Location toggle (on unless
      `NSLocationDefaultAccuracyReduced`); provisional Always (R14); whether the one Always prompt
      is spent (R15); the device's Location Services switch and restrictions (parental
      controls or MDM "Don't Allow Changes"); and the legacy monitoring registrations:
      significant changes (R47), visits (R48) and up to 20 regions (R49).
    - **What is carried to the next launch** (R19, R37): the goals and purpose keys of the
      sessions held at termination and what the app was iterating then; an active
      CLBackgroundActivitySession, which goes on while the app does not.
    - **What termination ends**: whether the app runs, in the foreground or the background (and
      whether it just left the foreground); an Allow Once grant and temporary full accuracy; the
      CLServiceSessions held (each with its goal `none`, `whenInUse` or `always`, an optional
      full accuracy purpose key, and whether it was created in use), live updates and CLMonitor
      events being iterated, the CLBackgroundActivitySession and the CLLocationManager instances
      with a delegate (R41), each with its three properties (`allowsBackgroundLocationUpdates`,
      `showsBackgroundLocationIndicator`, `pausesLocationUpdatesAutomatically`), its continuous
      updates and continuous background session (R43, R44) and the monitoring it started in this
      run (R47, R48); the pending prompt (at most one, R6: when-in-use, the Always upgrade or
      temporary full accuracy, with the manager whose request raised it); the purpose keys
      declined in this run (R22) and the result of the last legacy request (R13–R16).

    """

  private static let propertiesIntroduction = """
    The explorer (`authcheck explore`) visits every reachable state of the model for a \
    configuration and checks these properties on every step. A violated property is reported \
    with the shortest path that violates it.
    """

  private static let witnesses = """
    Besides the properties, the explorer checks that its search is not vacuous: every effective \
    status, both accuracies, every prompt, every diagnostic flag, each kind of `updates`, the \
    indicator shown, a background activity session carried across termination and a relaunch \
    must each be reached at least once (its witnesses).
    """
}
