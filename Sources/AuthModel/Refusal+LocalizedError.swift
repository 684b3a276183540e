import Foundation

extension Refusal: LocalizedError {
  /// The refusal in one line, for an alert or a log, naming its rule: "no prompt is up (R6)".
  public var errorDescription: String? { message() }
}
