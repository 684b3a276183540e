import AuthScenario
import Foundation

/// The files of a project that a draft reads: Swift sources, Info.plist files, `project.pbxproj`
/// files and `Package.swift`, in sorted order.
public struct ProjectFiles: Sendable {
  /// The folder, as given.
  public var root: String
  /// Paths relative to `root`, sorted.
  public var swiftFiles: [String] = []
  public var infoPlists: [String] = []
  public var projects: [String] = []
  public var packageManifests: [String] = []

  /// The largest file read.
  public static let maximumBytes = 16 << 20

  /// Folders that hold no app source: build products, dependencies, version control, and test
  /// targets (`…Tests`), whose calls are the tests', not the app's.
  static func isSkipped(_ folder: String) -> Bool {
    folder.hasPrefix(".") || folder.hasSuffix("Tests")
      || ["DerivedData", "Pods", "Carthage", "build", "node_modules"].contains(folder)
  }

  /// Lists the files of the folder `root`.
  ///
  /// - Throws: ``DraftError`` when `root` is not a readable folder.
  public static func list(_ root: String) throws(DraftError) -> ProjectFiles {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else {
      throw DraftError("'\(SystemPath.displayed(root))': no such file or folder")
    }
    guard isFolder.boolValue else {
      throw DraftError(
        "'\(SystemPath.displayed(root))' is not a folder; give the folder of an Xcode project "
          + "or a Swift package")
    }
    var files = ProjectFiles(root: root)
    var pending = [""]
    while let folder = pending.popLast() {
      let full = folder.isEmpty ? root : root + "/" + folder
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: full) else {
        if folder.isEmpty {
          throw DraftError("cannot read folder '\(SystemPath.displayed(root))'")
        }
        continue
      }
      for name in names {
        let relative = folder.isEmpty ? name : folder + "/" + name
        // Symbolic links are not followed: a link to a folder above would never end.
        let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/" + relative)
        let type = attributes?[.type] as? FileAttributeType
        if type == .typeDirectory {
          if name.hasSuffix(".xcodeproj") {
            let project = relative + "/project.pbxproj"
            if FileManager.default.fileExists(atPath: root + "/" + project) {
              files.projects.append(project)
            }
          } else if !isSkipped(name) {
            pending.append(relative)
          }
        } else if type != .typeRegular {
          continue
        } else if name.hasSuffix(".swift") {
          if name == "Package.swift" && folder.isEmpty {
            files.packageManifests.append(relative)
          } else {
            files.swiftFiles.append(relative)
          }
        } else if name == "Info.plist" || name.hasSuffix("-Info.plist") {
          files.infoPlists.append(relative)
        }
      }
    }
    files.swiftFiles.sort()
    files.infoPlists.sort()
    files.projects.sort()
    return files
  }

  /// The bytes of `relative`.
  func read(_ relative: String) throws(DraftError) -> [UInt8] {
    switch RegularFile.read(path: root + "/" + relative, maximumBytes: Self.maximumBytes) {
    case .success(let bytes): return bytes
    case .failure(let error):
      throw DraftError("cannot read '\(SystemPath.displayed(relative))': \(error.reason)")
    }
  }
}

/// Why a folder cannot be drafted.
public struct DraftError: Error, Hashable, Sendable {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }
}
