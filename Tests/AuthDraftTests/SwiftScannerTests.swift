import Testing

@testable import AuthDraft

/// `SwiftScanner`: which calls become uses, and where they are reached from.
@Suite struct SwiftScannerTests {
  static func uses(_ source: String) -> [String] {
    var scanner = SwiftScanner(tokens: SwiftLexer.tokens(source), path: "A.swift")
    scanner.scan()
    return scanner.uses.map { "\($0.from.line!) \($0.type) \($0.kind)" }
  }

  @Test("call names in comments, strings, raw strings and interpolated text are never uses")
  func textIsNotCode() {
    let source = ##"""
      final class Quiet {
        // manager.startUpdatingLocation()
        /* manager.requestAlwaysAuthorization() /* CLMonitor("a") */ */
        let a = "manager.startMonitoringVisits()"
        let b = #"CLServiceSession(authorization: .always) "\(x.startUpdatingLocation())""#
        let c = """
          manager.startMonitoringSignificantLocationChanges()
          """
        let d = "\(count) CLBackgroundActivitySession() \("CLLocationManager()")"
      }
      """##
    #expect(Self.uses(source) == [])
  }

  @Test("an interpolation's code is code: a call in it is a use")
  func interpolationIsCode() {
    let source = #"""
      final class Loud {
        let manager = CLLocationManager()
        func log() { print("\(manager.startUpdatingLocation())") }
      }
      """#
    #expect(
      Self.uses(source) == [
        "2 Loud manager(name: \"manager\")",
        "3 Loud service(key: \"updatingLocation\", receiver: Optional(\"manager\"))",
      ])
  }

  @Test("regions in a loop over a literal or a range are counted; others are not")
  func regionCounts() {
    let source = """
      final class Regions {
        func a() { for s in [x, y, z] { m.startMonitoring(for: s) } }
        func b() { for i in 0..<4 { m.startMonitoring(for: r[i]) } }
        func c() { for s in stops { m.startMonitoring(for: s) } }
      }
      """
    #expect(
      Self.uses(source) == [
        "2 Regions regions(receiver: Optional(\"m\"), count: Optional(3), loop: Optional(\"[x,y,z]\"))",
        "3 Regions regions(receiver: Optional(\"m\"), count: Optional(4), loop: Optional(\"0..<4\"))",
        "4 Regions regions(receiver: Optional(\"m\"), count: nil, loop: Optional(\"stops\"))",
      ])
  }

  @Test("where code runs: launch, foreground, a button, a relaunch, or a function")
  func contexts() {
    let source = """
      class AppDelegate {
        func application(_ a: A, didFinishLaunchingWithOptions o: O?) -> Bool {
          m.requestAlwaysAuthorization()
          if launchOptions?[.location] != nil { m.startMonitoringVisits() }
        }
      }
      struct V: View {
        var body: some View {
          Button("Go") { m.startUpdatingLocation() }
            .task { m.requestWhenInUseAuthorization() }
        }
        func helper() { m.startMonitoringSignificantLocationChanges() }
      }
      """
    var scanner = SwiftScanner(tokens: SwiftLexer.tokens(source), path: "A.swift")
    scanner.scan()
    #expect(
      scanner.uses.map { "\($0.from.line!) \($0.context)" } == [
        "3 trigger(AuthDraft.Trigger.launch, A.swift:2)",
        "4 trigger(AuthDraft.Trigger.relaunch, A.swift:4)",
        "9 trigger(AuthDraft.Trigger.user, A.swift:9)",
        "10 trigger(AuthDraft.Trigger.foreground, A.swift:10)",
        "12 function(type: \"V\", name: \"helper\", A.swift)",
      ])
  }
}
