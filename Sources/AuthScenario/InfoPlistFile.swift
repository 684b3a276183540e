import AuthModel
import Foundation

/// Reads the Core Location keys of a real Info.plist file, XML or binary.
public enum InfoPlistFile {
  /// The largest Info.plist file read.
  public static let maximumBytes = 4 << 20

  /// Reads `path`; other keys of the file are ignored.
  ///
  /// Only a regular file is read (see ``RegularFile``): a folder, a FIFO or a device is an error.
  public static func read(path: String) -> Result<InfoPlist, InfoPlistError> {
    switch RegularFile.read(path: path, maximumBytes: maximumBytes) {
    case .success(let bytes):
      return parse(Data(bytes), path: path)
    case .failure(.tooLarge):
      return .failure(
        InfoPlistError("Info.plist file '\(SystemPath.displayed(path))' is larger than 4 MiB"))
    case .failure(let error):
      return .failure(
        InfoPlistError(
          "cannot read Info.plist file '\(SystemPath.displayed(path))': \(error.reason)"))
    }
  }

  /// Reads an Info.plist from its bytes; `path` only names it in messages.
  public static func parse(_ data: Data, path: String) -> Result<InfoPlist, InfoPlistError> {
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: data, format: nil)
    } catch {
      return .failure(InfoPlistError("'\(SystemPath.displayed(path))' is not a property list"))
    }
    guard let dictionary = object as? [String: Any] else {
      return .failure(
        InfoPlistError("'\(SystemPath.displayed(path))' is not a dictionary at its top level"))
    }
    func wrong(_ key: String, _ type: String) -> InfoPlistError {
      InfoPlistError("\(key) in '\(SystemPath.displayed(path))' must be \(type)")
    }
    // A usage or purpose description is text that is not empty, as in a scenario's `info`.
    func empty(_ key: String) -> InfoPlistError {
      InfoPlistError(
        "\(key) in '\(SystemPath.displayed(path))' is empty; iOS shows this text in the prompt: "
          + "write it, or remove the key to model an app without it (R7)")
    }
    var plist = InfoPlist()
    // In key order, so that of several wrong keys the same one is reported on every run.
    for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
      switch key {
      case "NSLocationWhenInUseUsageDescription":
        guard let text = value as? String else { return .failure(wrong(key, "a string")) }
        guard !text.isEmpty else { return .failure(empty(key)) }
        plist.whenInUseUsageDescription = text
      case "NSLocationAlwaysAndWhenInUseUsageDescription":
        guard let text = value as? String else { return .failure(wrong(key, "a string")) }
        guard !text.isEmpty else { return .failure(empty(key)) }
        plist.alwaysAndWhenInUseUsageDescription = text
      case "NSLocationDefaultAccuracyReduced":
        guard let flag = boolean(value) else { return .failure(wrong(key, "a boolean")) }
        plist.defaultAccuracyReduced = flag
      case "NSLocationRequireExplicitServiceSession":
        guard let flag = boolean(value) else { return .failure(wrong(key, "a boolean")) }
        plist.requireExplicitServiceSession = flag
      case "NSLocationTemporaryUsageDescriptionDictionary":
        guard let map = value as? [String: Any] else {
          return .failure(wrong(key, "a dictionary of strings"))
        }
        for (purposeKey, text) in map {
          guard let text = text as? String else {
            return .failure(wrong(key, "a dictionary of strings"))
          }
          guard !text.isEmpty else { return .failure(empty("\(key) '\(purposeKey)'")) }
          plist.temporaryUsageDescriptions[purposeKey] = text
        }
      case "UIBackgroundModes":
        guard let modes = value as? [Any], modes.allSatisfy({ $0 is String }) else {
          return .failure(wrong(key, "an array of strings"))
        }
        plist.backgroundModes = modes.compactMap { $0 as? String }
      default:
        continue
      }
    }
    return .success(plist)
  }

  /// A plist boolean, and not an integer: `as? Bool` alone also accepts `<integer>1</integer>`,
  /// since Foundation bridges any NSNumber of 0 or 1 to Bool.
  private static func boolean(_ value: Any) -> Bool? {
    #if canImport(Darwin)
      // Darwin reads `<true/>` as an NSNumber backed by a CFBoolean.
      guard let number = value as? NSNumber, CFGetTypeID(number) == CFBooleanGetTypeID() else {
        return nil
      }
      return number.boolValue
    #else
      // swift-corelibs-foundation reads `<true/>` as a Swift Bool and integers as NSNumber.
      guard type(of: value) == Bool.self else { return nil }
      return value as? Bool
    #endif
  }
}
