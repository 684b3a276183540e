import AuthModel

/// Finds, in the tokens of one Swift file, the types it declares, what they do with Core
/// Location and where, and every call it makes: patterns over ``SwiftLexer``'s tokens.
///
/// It follows braces: a type's body, a function's, a computed property's, a loop's, an `if`'s,
/// a closure's. A closure says when its code runs when it is a button's action (`Button`,
/// `action:`, `UIAction`, `.onTapGesture`), a view's `.task` or `.onAppear`, or
/// `.onChange(of: scenePhase)`; a function when it is `application(_:didFinishLaunchingWith…)`,
/// `scene(_:willConnectTo:…)`, an `App`'s `init`, `sceneDidBecomeActive` and its kin,
/// `viewDidLoad`/`viewWillAppear`/`viewDidAppear`, or an `@IBAction`; an `if` when its
/// condition reads `launchOptions` for `.location`.
struct SwiftScanner {
  /// What a brace opens.
  enum ScopeKind: Hashable {
    case type(String, isApp: Bool)
    case function(String)
    /// A closure that gives a property its initial value (`= { … }()`).
    case initializer(String)
    /// A loop, with its count when a literal shows it, or what it goes over.
    case loop(count: Int?, over: String)
    case other
  }

  struct Scope {
    var kind: ScopeKind
    var trigger: (Trigger, SourceLine)?
  }

  /// What the next `{` opens.
  enum Pending {
    case none
    case type(String, isApp: Bool)
    case function(name: String, start: Int, userAction: Bool)
    case property(String, assigned: Bool)
    case loop(start: Int)
    case block(start: Int)
  }

  let tokens: [SwiftToken]
  let path: String
  var scopes: [Scope] = []
  var pending = Pending.none
  var openParens: [Int] = []
  /// For each `)`, the index of its `(`.
  var matching: [Int: Int] = [:]
  var userAttribute = false
  /// Local names of managers created in a property's initializer, and that property.
  var aliases: [String: String] = [:]

  var types: [TypeDeclaration] = []
  var uses: [CoreLocationUse] = []
  var calls: [CallSite] = []
  /// Functions the file declares, by name.
  var declared: Set<String> = []

  init(tokens: [SwiftToken], path: String) {
    self.tokens = tokens
    self.path = path
  }

  static let typeKeywords: Set<String> = [
    "class", "struct", "actor", "extension", "enum", "protocol",
  ]
  static let blockKeywords: Set<String> = [
    "if", "guard", "while", "switch", "else", "do", "repeat", "catch", "defer",
  ]
  static let notCalls: Set<String> = [
    "if", "for", "while", "switch", "return", "guard", "func", "init", "catch", "case", "in",
    "where", "try", "await", "let", "var", "super", "self", "Self",
  ]
  static let foregroundFunctions: Set<String> = [
    "sceneDidBecomeActive", "sceneWillEnterForeground", "applicationDidBecomeActive",
    "applicationWillEnterForeground", "viewDidLoad", "viewWillAppear", "viewDidAppear",
  ]
  static let services = [
    "startUpdatingLocation": "updatingLocation",
    // The holdings are named after the observables they give.
    "startMonitoringSignificantLocationChanges": ObservableKey.significantChanges.rawValue,
    "startMonitoringVisits": ObservableKey.visits.rawValue,
  ]
  static let requests = [
    "requestWhenInUseAuthorization": "whenInUse", "requestAlwaysAuthorization": "always",
    "requestTemporaryFullAccuracyAuthorization": "temporaryFullAccuracy",
  ]
  static let managerProperties: Set<String> = [
    "allowsBackgroundLocationUpdates", "showsBackgroundLocationIndicator",
    "pausesLocationUpdatesAutomatically",
  ]

  /// Scans the file.
  mutating func scan() {
    for index in tokens.indices {
      let token = tokens[index]
      switch token.kind {
      case .punctuation: punctuation(at: index)
      case .identifier: identifier(at: index)
      case .number, .string: break
      }
    }
  }

  func at(_ index: Int) -> SwiftToken? {
    index >= 0 && index < tokens.count ? tokens[index] : nil
  }

  func line(_ index: Int) -> SourceLine {
    SourceLine(path, line: tokens[index].position.line, column: tokens[index].position.column)
  }

  // MARK: Braces and parentheses

  mutating func punctuation(at index: Int) {
    switch tokens[index].text {
    case "(":
      openParens.append(index)
    case ")":
      if let open = openParens.popLast() { matching[index] = open }
    case "=":
      if case .property(let name, false) = pending { pending = .property(name, assigned: true) }
    case "{":
      open(at: index)
    case "}":
      _ = scopes.popLast()
      pending = .none
    default:
      break
    }
  }

  mutating func open(at index: Int) {
    var scope = Scope(kind: .other)
    switch pending {
    case .type(let name, let isApp):
      scope.kind = .type(name, isApp: isApp)
    case .function(let name, let start, let userAction):
      scope.kind = .function(name)
      scope.trigger = functionTrigger(name, from: start, to: index, userAction: userAction).map {
        ($0, line(start))
      }
    case .property(let name, false):
      scope.kind = .function(name)
    case .property(let name, true) where at(index - 1)?.isPunctuation("=") == true:
      scope.kind = .initializer(name)
    case .loop(let start):
      let (count, over) = loopCount(from: start, to: index)
      scope.kind = .loop(count: count, over: over)
    case .block(let start):
      if tokens[start].isIdentifier("if"),
        (start..<index).contains(where: { tokens[$0].isIdentifier("launchOptions") }),
        (start..<index).contains(where: { tokens[$0].isIdentifier("location") })
      {
        scope.trigger = (.relaunch, line(start))
      }
    case .property, .none:
      scope = closure(at: index)
    }
    scopes.append(scope)
    pending = .none
  }

  /// What a closure that opens at `index` is, from what comes before it.
  func closure(at index: Int) -> Scope {
    var scope = Scope(kind: .other)
    var name: SwiftToken?
    var arguments: Range<Int> = index..<index
    if let previous = at(index - 1), previous.kind == .identifier {
      name = previous
    } else if let previous = at(index - 1), previous.isPunctuation(")"),
      let open = matching[index - 1]
    {
      name = at(open - 1)
      arguments = open..<(index - 1)
    } else if at(index - 1)?.isPunctuation(":") == true,
      at(index - 2)?.isIdentifier("action") == true, let open = openParens.last
    {
      name = at(open - 1)
    }
    guard let name, name.kind == .identifier else { return scope }
    let mentions = { (word: String) in arguments.contains { tokens[$0].isIdentifier(word) } }
    switch name.text {
    case "Button", "UIAction", "onTapGesture":
      scope.trigger = (.user, line(index))
    case "task", "onAppear":
      scope.trigger = (.foreground, line(index))
    case "onChange" where mentions("scenePhase"):
      scope.trigger = (.foreground, line(index))
    case "onReceive"
    where mentions("didBecomeActiveNotification") || mentions("willEnterForegroundNotification"):
      scope.trigger = (.foreground, line(index))
    case "forEach":
      scope.kind = .loop(count: nil, over: "forEach")
    default:
      break
    }
    return scope
  }

  func functionTrigger(_ name: String, from start: Int, to end: Int, userAction: Bool)
    -> Trigger?
  {
    let signature = tokens[start..<end]
    func has(_ word: String) -> Bool { signature.contains { $0.isIdentifier(word) } }
    if userAction { return .user }
    switch name {
    case "application"
    where has("didFinishLaunchingWithOptions")
      || has("willFinishLaunchingWithOptions"):
      return .launch
    case "scene" where has("willConnectTo"):
      return .launch
    case "init" where enclosingType?.isApp == true:
      return .launch
    case _ where Self.foregroundFunctions.contains(name):
      return .foreground
    default:
      return nil
    }
  }

  /// The count of a `for … in SEQUENCE {` whose sequence is an array literal or a range of
  /// integer literals, or `nil` with the sequence's text.
  func loopCount(from start: Int, to end: Int) -> (Int?, String) {
    guard let inIndex = (start..<end).first(where: { tokens[$0].isIdentifier("in") }) else {
      return (nil, "")
    }
    let sequence = Array(tokens[(inIndex + 1)..<end])
    let over = sequence.map(\.text).joined()
    if sequence.first?.isPunctuation("[") == true, sequence.last?.isPunctuation("]") == true {
      var depth = 0
      var commas = 0
      for token in sequence.dropFirst().dropLast() {
        if ["[", "(", "{"].contains(token.text) && token.kind == .punctuation { depth += 1 }
        if ["]", ")", "}"].contains(token.text) && token.kind == .punctuation { depth -= 1 }
        if depth == 0 && token.isPunctuation(",") { commas += 1 }
      }
      let empty = sequence.count == 2
      return (empty ? 0 : commas + 1, over)
    }
    if sequence.count >= 5, let low = Int(sequence[0].text), sequence[0].kind == .number,
      let high = Int(sequence[sequence.count - 1].text),
      sequence[sequence.count - 1].kind == .number
    {
      let operators = sequence[1..<(sequence.count - 1)].map(\.text).joined()
      if operators == "..<" { return (max(0, high - low), over) }
      if operators == "..." { return (max(0, high - low + 1), over) }
    }
    return (nil, over)
  }

  var enclosingType: (name: String, isApp: Bool)? {
    for scope in scopes.reversed() {
      if case .type(let name, let isApp) = scope.kind { return (name, isApp) }
    }
    return nil
  }

  /// Where code at this point runs.
  var context: CodeContext {
    for scope in scopes.reversed() {
      if let (trigger, at) = scope.trigger { return .trigger(trigger, at) }
      switch scope.kind {
      case .function(let name):
        return .function(type: enclosingType?.name ?? "", name: name, SourceLine(path, line: nil))
      case .initializer, .type:
        return .typeLevel(type: enclosingType?.name ?? "")
      case .loop, .other:
        continue
      }
    }
    return .topLevel
  }

  // MARK: Identifiers

  mutating func identifier(at index: Int) {
    let token = tokens[index]
    let previous = at(index - 1)
    let afterDot = previous?.isPunctuation(".") == true
    let next = at(index + 1)
    let isCall = next?.isPunctuation("(") == true
    switch token.text {
    case _ where Self.typeKeywords.contains(token.text) && !afterDot:
      guard let name = next, name.kind == .identifier,
        !["func", "var", "let", "subscript", "init", "override", "static", "final"].contains(
          name.text)
      else { break }
      // `extension A.B` extends B; the conformances follow the name up to the brace.
      var nameIndex = index + 1
      while at(nameIndex + 1)?.isPunctuation(".") == true,
        at(nameIndex + 2)?.kind == .identifier
      {
        nameIndex += 2
      }
      var isApp = false
      var probe = nameIndex + 1
      while let t = at(probe), !t.isPunctuation("{"), probe - nameIndex < 40 {
        if t.isIdentifier("App") { isApp = true }
        probe += 1
      }
      let typeName = tokens[nameIndex].text
      types.append(
        TypeDeclaration(
          name: typeName, from: line(index), isExtension: token.text == "extension", isApp: isApp))
      pending = .type(typeName, isApp: isApp)
      return
    case "func":
      guard let name = next else { break }
      declared.insert(name.text)
      pending = .function(name: name.text, start: index, userAction: userAttribute)
      userAttribute = false
      return
    case "init" where !afterDot && (isCall || next?.isPunctuation("?") == true):
      pending = .function(name: "init", start: index, userAction: false)
      return
    case "var", "let":
      if case .type = scopes.last?.kind, let name = next, name.kind == .identifier {
        pending = .property(name.text, assigned: false)
      }
    case "for" where !afterDot:
      pending = .loop(start: index)
    case _ where Self.blockKeywords.contains(token.text) && !afterDot:
      if case .block = pending, token.text == "if" {
        pending = .block(start: index)
      } else if case .none = pending {
        pending = .block(start: index)
      } else if case .property = pending {
        pending = .block(start: index)
      }
    case "IBAction" where previous?.isPunctuation("@") == true:
      userAttribute = true
    case "selector" where previous?.isPunctuation("#") == true && isCall:
      // `#selector(start)`: a target's action, as a control calls it.
      if let target = at(index + 2), target.kind == .identifier {
        calls.append(
          CallSite(name: target.text, context: .trigger(.user, line(index)), from: line(index)))
      }
    case "action" where next?.isPunctuation(":") == true:
      // `Button(action: start)`: a method named as the button's action.
      var target = index + 2
      // `self.start`, `model.start`: the method is the last name.
      while at(target + 1)?.isPunctuation(".") == true, at(target + 2)?.kind == .identifier {
        target += 2
      }
      if let method = at(target), method.kind == .identifier,
        at(target + 1)?.isPunctuation(")") == true || at(target + 1)?.isPunctuation(",") == true,
        let open = openParens.last, at(open - 1)?.isIdentifier("Button") == true
      {
        calls.append(
          CallSite(name: method.text, context: .trigger(.user, line(index)), from: line(index)))
      }
    default:
      break
    }
    coreLocation(at: index, isCall: isCall, afterDot: afterDot)
    if isCall && previous?.isIdentifier("func") != true && !Self.notCalls.contains(token.text) {
      calls.append(
        CallSite(
          name: token.text, context: context, from: line(index),
          receiver: callReceiver(of: index)))
    }
  }

  /// The first name of the chain a call after a dot is made on: `Part` in `Part().start()`
  /// and `Part.shared.start()`, `tracker` in `self.tracker.start()`.
  func callReceiver(of index: Int) -> String? {
    var probe = index - 1
    var first: String?
    while at(probe)?.isPunctuation(".") == true {
      probe -= 1
      if at(probe)?.isPunctuation(")") == true, let open = matching[probe] { probe = open - 1 }
      guard let name = at(probe), name.kind == .identifier else { break }
      if name.text != "self" { first = name.text }
      probe -= 1
    }
    return first
  }

  /// The receiver of a call after a dot: `manager` in `manager.start()` and
  /// `self.manager.start()`.
  func receiver(of index: Int) -> String? {
    guard at(index - 1)?.isPunctuation(".") == true,
      let receiver = at(index - 2), receiver.kind == .identifier
    else { return nil }
    return aliases[receiver.text] ?? receiver.text
  }

  /// The variable a value created at `index` is kept in: `let NAME = …`, `NAME = …`,
  /// `self.NAME = …`, or the property whose initializer creates it.
  mutating func assignedName(before index: Int) -> String? {
    guard at(index - 1)?.isPunctuation("=") == true else { return nil }
    var name: String?
    var probe = index - 2
    while probe >= 0, index - probe < 10 {
      let t = tokens[probe]
      if t.isIdentifier("let") || t.isIdentifier("var") {
        name = at(probe + 1)?.text
        break
      }
      if t.isPunctuation(";") || t.isPunctuation("{") || t.isPunctuation("}") { break }
      probe -= 1
    }
    if name == nil, let t = at(index - 2), t.kind == .identifier { name = t.text }
    for scope in scopes.reversed() {
      if case .initializer(let property) = scope.kind {
        if let name { aliases[name] = property }
        return property
      }
      if case .type = scope.kind { break }
    }
    return name
  }

  /// The string literal given to the argument `label` of the call whose `(` is at `open`.
  func argument(_ label: String, of open: Int) -> SwiftToken? {
    var probe = open + 1
    var depth = 0
    while let t = at(probe) {
      if t.isPunctuation("(") { depth += 1 }
      if t.isPunctuation(")") {
        if depth == 0 { return nil }
        depth -= 1
      }
      if depth == 0, t.isIdentifier(label), at(probe + 1)?.isPunctuation(":") == true {
        if at(probe + 2)?.isPunctuation(".") == true { return at(probe + 3) }
        return at(probe + 2)
      }
      probe += 1
    }
    return nil
  }

  mutating func coreLocation(at index: Int, isCall: Bool, afterDot: Bool) {
    let token = tokens[index]
    guard at(index - 1)?.isIdentifier("func") != true else { return }
    var kind: CoreLocationUse.Kind?
    switch token.text {
    case "CLLocationManager" where isCall && !afterDot:
      kind = .manager(name: assignedName(before: index) ?? "manager")
    case _ where afterDot && Self.managerProperties.contains(token.text):
      if at(index + 1)?.isPunctuation("=") == true, let value = at(index + 2),
        value.isIdentifier("true") || value.isIdentifier("false")
      {
        kind = .property(
          receiver: receiver(of: index), name: token.text, value: value.text == "true")
      }
    case _ where isCall && Self.services[token.text] != nil:
      kind = .service(key: Self.services[token.text]!, receiver: receiver(of: index))
    case "startMonitoring" where isCall && self.at(index + 2)?.isIdentifier("for") == true:
      var count: Int? = 1
      var loop: String?
      for scope in scopes.reversed() {
        if case .loop(let loopCount, let over) = scope.kind {
          count = loopCount
          loop = over
          break
        }
        if case .function = scope.kind { break }
      }
      kind = .regions(receiver: receiver(of: index), count: count, loop: loop)
    case _ where isCall && Self.requests[token.text] != nil:
      let key = argument("withPurposeKey", of: index + 1)
      kind = .request(
        Self.requests[token.text]!, purposeKey: key?.kind == .string ? key?.text : nil,
        receiver: receiver(of: index))
    case "CLServiceSession" where isCall:
      let goal = argument("authorization", of: index + 1)
      let key = argument("fullAccuracyPurposeKey", of: index + 1)
      kind = .session(
        name: assignedName(before: index),
        authorization: goal?.kind == .identifier ? goal?.text : nil,
        purposeKey: key?.kind == .string ? key?.text : nil)
    // `CLLocationUpdate.liveUpdates()`, whose name the holding takes.
    case ImplicitHolder.liveUpdates.rawValue where receiver(of: index) == "CLLocationUpdate":
      kind = .liveUpdates
    case "CLMonitor" where isCall:
      kind = .monitor
    case "CLBackgroundActivitySession" where isCall:
      kind = .backgroundActivity
    default:
      break
    }
    guard let kind else { return }
    uses.append(
      CoreLocationUse(
        kind: kind, type: enclosingType?.name ?? "", from: line(index), context: context))
  }
}
