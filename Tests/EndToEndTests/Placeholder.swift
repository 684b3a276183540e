import Testing

@Test("the package builds") func packageBuilds() { #expect(1 + 1 == 2) }
