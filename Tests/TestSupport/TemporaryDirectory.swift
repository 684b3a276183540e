import Foundation

/// A fresh folder under the system's temporary directory, removed when the value is released.
public final class TemporaryDirectory {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("authcheck-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of `name` inside the folder.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes `text` as UTF-8 to `name`, creating intermediate folders; returns its path.
  @discardableResult
  public func write(_ text: String, to name: String) throws -> String {
    try write(Data(text.utf8), to: name)
  }

  /// Writes `data` to `name`, creating intermediate folders; returns its path.
  @discardableResult
  public func write(_ data: Data, to name: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
    return file.path
  }

  /// Writes `plist` as a property list in `format` to `name`; returns its path.
  @discardableResult
  public func writePlist(
    _ plist: [String: Any], format: PropertyListSerialization.PropertyListFormat, to name: String
  ) throws -> String {
    let data = try PropertyListSerialization.data(
      fromPropertyList: plist, format: format, options: 0)
    return try write(data, to: name)
  }
}
