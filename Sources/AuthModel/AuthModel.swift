// AuthModel: see README.md for the architecture.
