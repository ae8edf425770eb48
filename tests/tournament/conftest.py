"""The tournament tests' bots are data, not test modules: pytest's doctest collection must not import them (one
raises on import, on purpose)."""

collect_ignore_glob = ["bots/*"]
