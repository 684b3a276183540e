// AuthScenario: see README.md for the architecture.
