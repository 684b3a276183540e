// AuthExplorer: see README.md for the architecture.
