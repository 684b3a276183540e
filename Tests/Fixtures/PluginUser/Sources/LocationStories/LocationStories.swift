/// The app's code would be here; the package exists for its `scenarios/`.
public enum LocationStories {}
