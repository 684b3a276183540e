#if canImport(Glibc)
  import Glibc
  private let systemRead = Glibc.read
  private let systemWrite = Glibc.write
#elseif canImport(Musl)
  import Musl
  private let systemRead = Musl.read
  private let systemWrite = Musl.write
#elseif canImport(Darwin)
  import Darwin
  private let systemRead = Darwin.read
  private let systemWrite = Darwin.write
#endif

/// Reads the bytes of a regular file, and nothing else, without ever blocking on it; and writes
/// to an open file, checking every write.
///
/// A FIFO, a socket or a device named where a file is expected is refused before it is opened
/// (opening a FIFO without a writer blocks; opening a device can have effects of its own). The
/// file is then opened non-blocking and checked again, so a FIFO swapped in between cannot
/// block the read either. At most `maximumBytes + 1` bytes are read, so a huge or endless file
/// costs no more than a file just over the limit.
public enum RegularFile {
  /// Why a file could not be read.
  public enum ReadError: Error, Hashable, Sendable {
    /// The path could not be reached or opened; `reason` says why, as in `no such file or
    /// folder`.
    case unreachable(reason: String)
    /// The path names a folder.
    case folder
    /// The path names something other than a file or a folder: `a FIFO`, `a socket`, `a
    /// device`.
    case notRegular(kind: String)
    /// The file holds more than the limit.
    case tooLarge
    /// Reading failed after the file was opened.
    case readFailed(reason: String)
  }

  /// The bytes of the regular file at `path`, if it holds at most `maximumBytes`.
  public static func read(path: String, maximumBytes: Int) -> Result<[UInt8], ReadError> {
    var info = stat()
    guard SystemPath.stat(path, &info) == 0 else {
      return .failure(.unreachable(reason: reason(errno)))
    }
    if let failure = kindError(info.st_mode) { return .failure(failure) }
    let descriptor = SystemPath.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(.unreachable(reason: reason(errno))) }
    defer { close(descriptor) }
    guard fstat(descriptor, &info) == 0 else {
      return .failure(.readFailed(reason: reason(errno)))
    }
    if let failure = kindError(info.st_mode) { return .failure(failure) }
    if Int(info.st_size) > maximumBytes { return .failure(.tooLarge) }

    // The size may change while the file is read: read up to one byte past the limit.
    var bytes: [UInt8] = []
    let capacity = min(maximumBytes + 1, max(Int(info.st_size) + 1, 4096))
    var chunk = [UInt8](repeating: 0, count: capacity)
    while bytes.count <= maximumBytes {
      let wanted = min(chunk.count, maximumBytes + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(.readFailed(reason: reason(errno)))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
    }
    return bytes.count > maximumBytes ? .failure(.tooLarge) : .success(bytes)
  }

  /// Writes all of `string` to the open file `descriptor`, retrying when interrupted.
  ///
  /// - Returns: the error number of the write that failed (`EPIPE`, `ENOSPC`…), or `nil`.
  public static func write(_ string: String, to descriptor: Int32) -> Int32? {
    var string = string
    return string.withUTF8 { buffer -> Int32? in
      var rest = UnsafeRawBufferPointer(buffer)
      while !rest.isEmpty {
        let count = systemWrite(descriptor, rest.baseAddress, rest.count)
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        rest = UnsafeRawBufferPointer(rebasing: rest[count...])
      }
      return nil
    }
  }

  /// The error for a file of type `mode` that is not a regular file, or nil for a regular file.
  private static func kindError(_ mode: mode_t) -> ReadError? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: .folder
    default: .notRegular(kind: kind(mode))
    }
  }

  /// What a file of type `mode` is, with an article: `a FIFO`, `a socket`, `a device`.
  public static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a file"
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
  }

  /// Why a system call failed, in the house style (lowercase, "folder").
  public static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file or folder"
    case ENOTDIR: "a component of the path is not a folder"
    case EACCES, EPERM: "permission denied"
    case ELOOP: "too many levels of symbolic links"
    case ENAMETOOLONG: "the path is too long"
    case EISDIR: "it is a folder"
    default:
      String(cString: strerror(code)).lowercased()
    }
  }
}

extension RegularFile.ReadError {
  /// The error as the end of a sentence that starts with `cannot read …: `.
  public var reason: String {
    switch self {
    case .unreachable(let reason), .readFailed(let reason): reason
    case .folder: "it is a folder, not a file"
    case .notRegular(let kind): "it is \(kind), not a regular file"
    case .tooLarge: "it is too large"
    }
  }
}
