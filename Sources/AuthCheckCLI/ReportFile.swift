import AuthScenario
import Foundation

/// Where reports are written (`--junit`, `--counterexamples`, `--paths`): never over a
/// scenario or an input, never in place of a device, a FIFO or a link, never half a file.
///
/// A report goes to a temporary file beside its target, which is renamed into place once it is
/// complete, so a failed write leaves the target as it was, and a reader sees the old report or
/// the new one, never a part. A link is followed to the file it names, and stays a link; a FIFO
/// or a character device is written in place; a read-only file is refused. A report path that
/// is one of the inputs, or that names an existing `*.yaml` or `*.yml` file, is refused before
/// anything runs, and so is any path `problem(_:)` or `folderProblem(_:)` finds can't be
/// written.
enum ReportFile {
  struct Failure: Error, Equatable {
    let message: String
  }

  /// Why `path`, given to `option`, can't take a report, or `nil` when it can.
  ///
  /// - Parameter inputs: the files and folders the run reads; a report over one of them (by
  ///   the same file, whatever the path that names it) is refused.
  static func refusal(_ path: String, option: String, inputs: [String]) -> String? {
    var target = stat()
    guard SystemPath.stat(path, &target) == 0 else { return nil }
    let name = "'\(option)' '\(SystemPath.displayed(path))'"
    if target.st_mode & S_IFMT == S_IFDIR, option == "--junit" {
      return "\(name) is a folder; '--junit' takes the path of a file"
    }
    if isOne(of: inputs, target) {
      return "\(name) is one of the inputs; a report never replaces what the run reads"
    }
    let resolved = SystemPath.resolved(path) ?? path
    if target.st_mode & S_IFMT != S_IFDIR, isScenarioName(path) || isScenarioName(resolved) {
      return "\(name) is an existing scenario file; a report never replaces a .yaml or .yml file"
    }
    return nil
  }

  /// Whether the file `path` is one of `inputs`, whatever the paths that name them.
  static func isOne(of inputs: [String], _ path: String) -> Bool {
    var target = stat()
    return SystemPath.stat(path, &target) == 0 && isOne(of: inputs, target)
  }

  private static func isOne(of inputs: [String], _ target: stat) -> Bool {
    inputs.contains { input in
      var info = stat()
      return SystemPath.stat(input, &info) == 0 && info.st_dev == target.st_dev
        && info.st_ino == target.st_ino
    }
  }

  /// Whether `path` ends in `.yaml` or `.yml`, in any case.
  static func isScenarioName(_ path: String) -> Bool {
    ScenarioDiscovery.extensions.contains((path as NSString).pathExtension.lowercased())
  }

  /// Where a report goes once links are followed.
  enum Target: Equatable {
    /// A file, new or replaced, written through a temporary file beside it and renamed into
    /// place: `path` is the link's target when a link named it. `mode` is the permissions of
    /// the file it replaces, `nil` for a new file.
    case file(path: String, mode: mode_t?)
    /// A FIFO or a character device (`/dev/null`, a terminal, a pipe named by `/dev/stdout`),
    /// written in place: it is opened for writing, never replaced. Also a file that an open
    /// file's entry names (`/dev/stdout` when standard output is a file): it is written through
    /// this process's descriptor when the entry is its own, else appended to.
    case inPlace(path: String)
  }

  /// Where a report at `path` goes, or why none can go there (the end of a sentence: `it is
  /// read-only`).
  ///
  /// A link is followed to what it names, and the link is kept: a report replaces the file it
  /// names (or creates it, for a dangling link). A file without any write bit is refused,
  /// whoever runs authcheck (root included); so are a folder, a socket and a block device.
  static func target(_ path: String) -> Result<Target, Failure> {
    var info = stat()
    guard SystemPath.lstat(path, &info) == 0 else {
      if errno == ENOENT { return .success(.file(path: path, mode: nil)) }
      return .failure(Failure(message: RegularFile.reason(errno)))
    }
    var resolved = path
    if info.st_mode & S_IFMT == S_IFLNK {
      guard SystemPath.stat(path, &info) == 0 else {
        guard errno == ENOENT else { return .failure(Failure(message: RegularFile.reason(errno))) }
        return danglingTarget(path).map { .file(path: $0, mode: nil) }
      }
      if info.st_mode & S_IFMT == S_IFREG {
        if leadsThroughDescriptor(path) {
          if info.st_mode & 0o222 == 0 { return .failure(Failure(message: "it is read-only")) }
          return .success(.inPlace(path: path))
        }
        guard let real = SystemPath.resolved(path) else {
          return .failure(Failure(message: RegularFile.reason(errno)))
        }
        resolved = real
      }
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      if info.st_mode & 0o222 == 0 { return .failure(Failure(message: "it is read-only")) }
      if SystemPath.access(resolved, W_OK) != 0 {
        return .failure(Failure(message: RegularFile.reason(errno)))
      }
      return .success(.file(path: resolved, mode: info.st_mode & 0o7777))
    case S_IFIFO, S_IFCHR:
      return .success(.inPlace(path: path))
    case S_IFDIR:
      return .failure(Failure(message: "it is a folder"))
    case S_IFBLK:
      return .failure(Failure(message: "it is a block device, not a file"))
    default:
      return .failure(
        Failure(message: "it is \(RegularFile.kind(info.st_mode)), not a file"))
    }
  }

  /// Whether the link `path` leads through the entry of an open file (`/dev/fd/1`,
  /// `/proc/self/fd/1`, which `/dev/stdout` names): the file a process is writing, which a
  /// report is written to in place rather than put in the place of.
  private static func leadsThroughDescriptor(_ path: String) -> Bool {
    descriptorEntry(path) != nil
  }

  /// The open file's entry that the link `path` leads through: its descriptor when the entry
  /// is this process's (`/dev/fd/1`, `/proc/self/fd/1`), `-1` for another process's, `nil`
  /// when the link leads through none.
  private static func descriptorEntry(_ path: String) -> Int32? {
    var current = path
    for _ in 0..<40 {
      let parts = current.split(separator: "/").map(String.init)
      if current.hasPrefix("/") && parts.count == 3 && parts[0] == "dev" && parts[1] == "fd" {
        return Int32(parts[2]) ?? -1
      }
      if current.hasPrefix("/") && parts.count == 4 && parts[0] == "proc" && parts[2] == "fd" {
        return parts[1] == "self" || parts[1] == String(getpid()) ? Int32(parts[3]) ?? -1 : -1
      }
      guard let next = linkDestination(current) else { return nil }
      current = next
    }
    return nil
  }

  /// Where the link `path` leads, one step: what it holds, taken from the link's folder when
  /// relative; `nil` when `path` is not a link.
  private static func linkDestination(_ path: String) -> String? {
    guard let text = SystemPath.linkText(path) else { return nil }
    return text.hasPrefix("/")
      ? text : (SystemPath.parent(of: path) as NSString).appendingPathComponent(text)
  }

  /// The path a dangling link `path` leads to, following links that name links.
  private static func danglingTarget(_ path: String) -> Result<String, Failure> {
    var current = path
    for _ in 0..<40 {
      guard let next = linkDestination(current) else { return .success(current) }
      current = next
      var info = stat()
      if SystemPath.lstat(current, &info) != 0 { return .success(current) }
      guard info.st_mode & S_IFMT == S_IFLNK else {
        return .failure(Failure(message: "it changed while it was looked at"))
      }
    }
    return .failure(Failure(message: RegularFile.reason(ELOOP)))
  }

  /// Why a report can't be written to `path`, checked before any work, or `nil` when it can.
  ///
  /// Besides `target(_:)`'s refusals, the folder that takes a file's temporary file must
  /// exist and take a new file: a file is created there and removed at once, which tells a
  /// read-only file system or a folder of `/proc` or `/sys` even when authcheck runs as root.
  static func problem(_ path: String) -> String? {
    switch target(path) {
    case .failure(let failure): return failure.message
    case .success(.inPlace(let path)):
      return SystemPath.access(path, W_OK) == 0 ? nil : RegularFile.reason(errno)
    case .success(.file(let path, _)): return probe(beside: path)
    }
  }

  /// Why no file can be made beside `path`, or `nil`: a temporary file is made there and
  /// removed at once.
  private static func probe(beside path: String) -> String? {
    switch temporaryFile(beside: path) {
    case .failure(let failure): return failure.message
    case .success(let (descriptor, temporary)):
      close(descriptor)
      _ = SystemPath.unlink(temporary)
      return nil
    }
  }

  /// Why nothing can be written in `folder`, creating it and the folders above it that are
  /// missing, or `nil` when it is a folder that takes new files: checked before any work.
  static func folderProblem(_ folder: String) -> String? {
    createFolder(folder) ?? probe(beside: (folder as NSString).appendingPathComponent("folder"))
  }

  /// The one-line error for a `folder` given to `option` that `folderProblem(_:)` refuses, or
  /// `nil` when reports can be written in it.
  static func folderRefusal(_ folder: String, option: String) -> String? {
    folderProblem(folder).map {
      "cannot use '\(SystemPath.displayed(folder))' as the '\(option)' folder: \($0); give "
        + "'\(option)' a folder authcheck can create or write in"
    }
  }

  /// Creates `folder` and the folders above it that are missing; returns why it failed.
  static func createFolder(_ folder: String) -> String? {
    var info = stat()
    if SystemPath.stat(folder, &info) == 0 {
      return info.st_mode & S_IFMT == S_IFDIR ? nil : "it is \(RegularFile.kind(info.st_mode))"
    }
    if errno != ENOENT { return RegularFile.reason(errno) }
    let parent = SystemPath.parent(of: folder)
    if !parent.isEmpty && parent != folder, let reason = createFolder(parent) { return reason }
    guard SystemPath.mkdir(folder, 0o777) == 0 || errno == EEXIST else {
      return creationReason(errno, in: parent)
    }
    return nil
  }

  /// Why nothing could be created in `folder`, from the error `code`: a folder that exists but
  /// says that what is made in it doesn't (`/proc`, even for root) takes no new entries.
  private static func creationReason(_ code: Int32, in folder: String) -> String {
    var info = stat()
    let parent = folder.isEmpty ? "." : folder
    guard code == ENOENT, SystemPath.stat(parent, &info) == 0, info.st_mode & S_IFMT == S_IFDIR
    else { return RegularFile.reason(code) }
    return "the folder '\(SystemPath.displayed(parent))' takes no new files or folders"
  }

  /// A new temporary file beside `path` (`.NAME.authcheck-XXXXXX`), open for writing.
  private static func temporaryFile(beside path: String) -> Result<(Int32, String), Failure> {
    let folder = SystemPath.parent(of: path)
    let name = (path as NSString).lastPathComponent
    let template = (folder.isEmpty ? "" : folder + "/") + ".\(name).authcheck-XXXXXX"
    var temporary = Array(SystemPath.bytes(template)) + [0]
    let descriptor = temporary.withUnsafeMutableBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { mkstemp($0.baseAddress!) }
    }
    guard descriptor >= 0 else {
      return .failure(Failure(message: creationReason(errno, in: folder)))
    }
    return .success((descriptor, SystemPath.string(temporary.dropLast())))
  }

  /// Writes `text` to `path`: the one way authcheck writes a file it makes.
  ///
  /// A file goes through a temporary file beside it, renamed into place, so a failed write
  /// leaves the old file whole and no temporary file. A replaced file keeps its permissions; a
  /// new file gets those the umask leaves of `rw-rw-rw-`. A link is followed and kept (the
  /// file it names is replaced); a FIFO or a character device is written in place, and a FIFO
  /// without a reader is an error at once, never a wait. `target(_:)` says what is refused.
  ///
  /// - Parameter replacing: whether an existing file may be replaced; when `false`, anything
  ///   at `path` (a link included) is refused.
  /// - Returns: why it failed, as the end of a sentence (`permission denied`), or `nil`.
  static func write(_ text: String, to path: String, replacing: Bool = true) -> String? {
    var info = stat()
    if !replacing && SystemPath.lstat(path, &info) == 0 {
      return "it exists; authcheck does not overwrite files"
    }
    switch target(path) {
    case .failure(let failure): return failure.message
    case .success(.inPlace(let path)): return writeInPlace(text, to: path)
    case .success(.file(let path, let mode)): return replace(path, with: text, mode: mode)
    }
  }

  private static func replace(_ path: String, with text: String, mode: mode_t?) -> String? {
    let descriptor: Int32
    let temporaryPath: String
    switch temporaryFile(beside: path) {
    case .failure(let failure): return failure.message
    case .success(let (opened, name)): (descriptor, temporaryPath) = (opened, name)
    }
    var failure: String?
    let mask = umask(0)
    umask(mask)
    if fchmod(descriptor, mode ?? 0o666 & ~mask) != 0 {
      failure = RegularFile.reason(errno)
    } else if let code = RegularFile.write(text, to: descriptor) {
      failure = RegularFile.reason(code)
    } else if fsync(descriptor) != 0 {
      failure = RegularFile.reason(errno)
    }
    if close(descriptor) != 0 && failure == nil { failure = RegularFile.reason(errno) }
    if failure == nil && SystemPath.rename(temporaryPath, to: path) != 0 {
      failure = RegularFile.reason(errno)
    }
    if failure != nil { _ = SystemPath.unlink(temporaryPath) }
    return failure
  }

  /// Writes `text` to the FIFO or device `path`, opened without blocking and checked again
  /// once open, then written in blocking mode; or to the file an open file's entry names:
  /// through this process's descriptor, or appended.
  private static func writeInPlace(_ text: String, to path: String) -> String? {
    // This process's own open file (`/dev/stdout`): written through its descriptor, so that the
    // report follows what was written there before, at the same offset.
    if let own = descriptorEntry(path), own >= 0 {
      var info = stat()
      guard fstat(own, &info) == 0 else { return RegularFile.reason(errno) }
      if let code = RegularFile.write(text, to: own) { return RegularFile.reason(code) }
      return nil
    }
    let descriptor = SystemPath.open(
      path, O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else {
      if errno == ENXIO { return "it is a FIFO that no one reads; start its reader first" }
      return RegularFile.reason(errno)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return RegularFile.reason(errno) }
    let kind = info.st_mode & S_IFMT
    guard kind == S_IFIFO || kind == S_IFCHR || (kind == S_IFREG && leadsThroughDescriptor(path))
    else {
      return "it changed while it was opened; it is \(RegularFile.kind(info.st_mode))"
    }
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
      return RegularFile.reason(errno)
    }
    if let code = RegularFile.write(text, to: descriptor) { return RegularFile.reason(code) }
    return nil
  }
}
