import Testing

@testable import AuthScenario

/// Paths of one character: swift-corelibs-foundation's `deletingLastPathComponent` stops the
/// process on them (`a`, `a/`, `é`), so authcheck takes a path's folder with
/// `SystemPath.parent(of:)`.
@Suite struct SystemPathParentTests {
  @Test(
    "a path's folder, as NSString gives it, for every shape of path",
    arguments: [
      ("", ""), ("/", "/"), ("a", ""), ("a/", ""), ("é", ""), ("ab", ""), ("ab/", ""),
      ("/a", "/"), ("//a", "/"), ("/a/", "/"), ("a/b", "a"), ("a//b", "a"), ("a/b/", "a"),
      ("./a", "."), ("a/.", "a"), ("../x", ".."), ("/a/b/c.yaml", "/a/b"), ("///", "/"),
    ])
  func parent(_ path: String, _ folder: String) {
    #expect(SystemPath.parent(of: path) == folder)
  }
}
