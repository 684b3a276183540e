#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The system calls under names of their own, as `SystemPath`'s methods take theirs.
private func systemStat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 {
  stat(path, &info)
}
private func systemLstat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 {
  lstat(path, &info)
}
private func systemAccess(_ path: UnsafePointer<CChar>, _ mode: Int32) -> Int32 {
  access(path, mode)
}
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
  open(path, flags)
}
private func systemRename(_ path: UnsafePointer<CChar>, _ target: UnsafePointer<CChar>) -> Int32 {
  rename(path, target)
}
private func systemOpendir(_ path: UnsafePointer<CChar>) -> OpaquePointer? { opendir(path) }
private func systemUnlink(_ path: UnsafePointer<CChar>) -> Int32 { unlink(path) }
private func systemMkdir(_ path: UnsafePointer<CChar>, _ mode: mode_t) -> Int32 {
  mkdir(path, mode)
}

/// File paths as the system sees them: bytes, which need not be UTF-8.
///
/// A Swift `String` holds only valid Unicode, so a file whose name is not valid UTF-8 would be
/// renamed by decoding and then not found. A path's bytes are decoded losslessly instead: each
/// byte that is not part of valid UTF-8 becomes one scalar of U+10FF80…U+10FFFF (the end of
/// the last private use plane), and those scalars become the bytes again when the path is
/// handed to the system. Valid UTF-8 that spells one of those scalars is decoded byte by byte
/// in the same way, so every path round-trips. Every system call on a path in authcheck goes
/// through here; `displayed(_:)` shows such a byte as `\xFF`.
public enum SystemPath {
  /// The folder part of `path`, as `NSString.deletingLastPathComponent` gives it (`a/b` → `a`,
  /// `/a` → `/`, `a` → ``, `a/b/` → `a`), without it: swift-corelibs-foundation's stops the
  /// process on a one-character relative name (`a`, `a/`, `é`), which a user may give as a
  /// report path or a scenario file.
  public static func parent(of path: String) -> String {
    var scalars = Array(path.unicodeScalars)
    while scalars.count > 1 && scalars.last == "/" { scalars.removeLast() }
    if scalars == ["/"] { return "/" }
    guard let slash = scalars.lastIndex(of: "/") else { return "" }
    var folder = scalars[..<slash]
    while folder.count > 1 && folder.last == "/" { folder.removeLast() }
    if folder.isEmpty { return "/" }
    return YAMLParser.string(folder)
  }

  /// The first scalar that stands for a byte; the byte is its last 8 bits (0x80…0xFF).
  static let firstByteScalar: UInt32 = 0x10_FF80

  /// The path the bytes `bytes` name, decoded losslessly.
  public static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    // Decoded from an array: a collection whose type this module does not know is read
    // through calls for every byte, each name of a folder listing at about 36,000 instructions.
    decoded(Array(bytes))
  }

  private static func decoded(_ bytes: [UInt8]) -> String {
    // ASCII decodes to itself, scalar by scalar: most names, read at the cost of a copy.
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    var scalars = String.UnicodeScalarView()
    var rest = bytes[...]
    while let lead = rest.first {
      var parser = Unicode.UTF8.ForwardParser()
      var iterator = rest.makeIterator()
      if case .valid(let encoded) = parser.parseScalar(from: &iterator) {
        let scalar = Unicode.UTF8.decode(encoded)
        if scalar.value < firstByteScalar {
          scalars.append(scalar)
          rest = rest.dropFirst(encoded.count)
          continue
        }
      }
      scalars.append(Unicode.Scalar(firstByteScalar - 0x80 + UInt32(lead))!)
      rest = rest.dropFirst()
    }
    return String(scalars)
  }

  /// The bytes of `path`, as `string(_:)` decoded them.
  public static func bytes(_ path: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if scalar.value >= firstByteScalar {
        bytes.append(UInt8(truncatingIfNeeded: scalar.value))
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Calls `body` with `path` as the system's NUL-terminated bytes.
  public static func withCString<Result>(
    _ path: String, _ body: (UnsafePointer<CChar>) throws -> Result
  ) rethrows -> Result {
    guard path.unicodeScalars.contains(where: { $0.value >= firstByteScalar }) else {
      return try path.withCString(body)
    }
    let bytes = self.bytes(path).map { CChar(bitPattern: $0) } + [0]
    return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
  }

  /// `stat(2)` on `path`.
  public static func stat(_ path: String, _ info: inout stat) -> Int32 {
    withCString(path) { systemStat($0, &info) }
  }

  /// `lstat(2)` on `path`: a link itself, not what it names.
  public static func lstat(_ path: String, _ info: inout stat) -> Int32 {
    withCString(path) { systemLstat($0, &info) }
  }

  /// `access(2)` on `path`.
  public static func access(_ path: String, _ mode: Int32) -> Int32 {
    withCString(path) { systemAccess($0, mode) }
  }

  /// What the symbolic link `path` holds, or `nil` (with `errno` set) when it is not a link.
  public static func linkText(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = withCString(path) { readlink($0, &buffer, buffer.count - 1) }
    guard count >= 0 else { return nil }
    return string(buffer[..<count].lazy.map { UInt8(bitPattern: $0) })
  }

  /// `open(2)` on `path`.
  public static func open(_ path: String, _ flags: Int32) -> Int32 {
    withCString(path) { systemOpen($0, flags) }
  }

  /// `opendir(3)` on `path`.
  public static func opendir(_ path: String) -> OpaquePointer? {
    withCString(path) { systemOpendir($0) }
  }

  /// `rename(2)` from `path` to `target`.
  public static func rename(_ path: String, to target: String) -> Int32 {
    withCString(path) { from in withCString(target) { systemRename(from, $0) } }
  }

  /// `unlink(2)` on `path`.
  public static func unlink(_ path: String) -> Int32 {
    withCString(path) { systemUnlink($0) }
  }

  /// `mkdir(2)` on `path`.
  public static func mkdir(_ path: String, _ mode: mode_t) -> Int32 {
    withCString(path) { systemMkdir($0, mode) }
  }

  /// The absolute path of an existing file or folder, with links, `.` and `..` resolved.
  public static func resolved(_ path: String) -> String? {
    guard let resolved = withCString(path, { realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return string(
      UnsafeBufferPointer(start: resolved, count: strlen(resolved)).lazy.map {
        UInt8(bitPattern: $0)
      })
  }

  /// `path`, or any text from a file (a scenario's name, a message quoting it), for a report a
  /// person reads: each control character (C0, DEL, C1), each
  /// bidirectional control, and each byte that is not UTF-8 as `\x1B`, `\u{202E}`, `\xFF`, so
  /// that a name can't start a line, clear a screen or reorder what follows it.
  public static func displayed(_ path: String) -> String {
    guard path.unicodeScalars.contains(where: needsEscape) else { return path }
    var text = ""
    for scalar in path.unicodeScalars {
      if scalar.value >= firstByteScalar {
        text += "\\x" + hex(scalar.value & 0xFF, digits: 2)
      } else if scalar.value <= 0xFF && needsEscape(scalar) {
        text += "\\x" + hex(scalar.value, digits: 2)
      } else if needsEscape(scalar) {
        text += "\\u{" + hex(scalar.value, digits: 4) + "}"
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  /// `path` for a JSON or XML report, which escape control characters themselves: each byte
  /// that is not UTF-8 as `\xFF`.
  public static func withBytesShown(_ path: String) -> String {
    guard path.unicodeScalars.contains(where: { $0.value >= firstByteScalar }) else {
      return path
    }
    var text = ""
    for scalar in path.unicodeScalars {
      if scalar.value >= firstByteScalar {
        text += "\\x" + hex(scalar.value & 0xFF, digits: 2)
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, firstByteScalar...: true
    default: false
    }
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
