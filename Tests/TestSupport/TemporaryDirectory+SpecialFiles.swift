import Foundation

extension TemporaryDirectory {
  /// Creates a FIFO (named pipe) `name`; returns its path.
  @discardableResult
  public func makeFIFO(_ name: String) throws -> String {
    let file = path(name)
    guard mkfifo(file, 0o600) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    return file
  }

  /// Creates a Unix domain socket file `name`, bound and left without a listener; returns its
  /// path.
  @discardableResult
  public func makeSocket(_ name: String) throws -> String {
    let file = path(name)
    #if os(Linux)
      let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(file.utf8)
    try withUnsafeMutableBytes(of: &address.sun_path) { raw in
      guard bytes.count < raw.count else { throw POSIXError(.ENAMETOOLONG) }
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    return file
  }
}
