import AuthScenario
import Testing

@Suite struct EditDistanceTests {
  @Test("a suggestion is the closest candidate within the accepted distance")
  func suggests() {
    #expect(EditDistance.suggestion(for: "tapp", among: ["launch", "tap"]) == "tap")
    #expect(EditDistance.suggestion(for: "xyz", among: ["launch", "tap"]) == nil)
  }

  @Test("a suggestion compares the word with a bounded number of candidates")
  func boundedComparisons() {
    let candidates = (0..<10_000).map { "feature\($0 % 10)" }
    let compared = EditDistance.compared(for: "featur1", among: candidates)
    #expect(compared.count == EditDistance.maximumComparisons)
    #expect(compared == Array(candidates.prefix(EditDistance.maximumComparisons)))
  }

  @Test("only candidates whose length is within the accepted distance are compared")
  func lengthWindow() {
    let candidates = ["ab", "abcd", "abcdefgh", String(repeating: "a", count: 5_000), "abcdef"]
    #expect(EditDistance.compared(for: "abcd", among: candidates) == ["ab", "abcd", "abcdef"])
    #expect(EditDistance.compared(for: String(repeating: "a", count: 65), among: candidates) == [])
  }
}
