/// "Did you mean" suggestions by edit distance.
public enum EditDistance {
  /// The most candidates one suggestion compares a word with, so that a file of thousands of
  /// misspelt names costs a bounded number of comparisons for each.
  public static let maximumComparisons = 200

  /// The Levenshtein distance between two strings, by characters.
  public static func between(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// The largest distance at which a candidate is a likely typo of `word`.
  static func accepted(_ word: String) -> Int { max(2, word.count / 3) }

  /// The candidates a suggestion for `word` is chosen among, in their order: those whose length
  /// differs from the word's by no more than the accepted distance (no other can be close
  /// enough), at most ``maximumComparisons`` of them; none for a word longer than 64 characters.
  public static func compared(for word: String, among candidates: [String]) -> [String] {
    let length = word.count
    guard length <= 64 else { return [] }
    let window = accepted(word)
    var kept: [String] = []
    for candidate in candidates where abs(candidate.count - length) <= window {
      kept.append(candidate)
      if kept.count == maximumComparisons { break }
    }
    return kept
  }

  /// The candidate closest to `word`, if it is close enough to be a likely typo; the first of
  /// the closest in `candidates`' order. Compares `word` with at most ``maximumComparisons`` of
  /// them (``compared(for:among:)``).
  public static func suggestion(for word: String, among candidates: [String]) -> String? {
    let scored = compared(for: word, among: candidates).map { ($0, between(word, $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= accepted(word) ? best.0 : nil
  }

  /// `; did you mean 'x'?` or nothing.
  public static func didYouMean(_ word: String, among candidates: [String]) -> String {
    suggestion(for: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }
}
