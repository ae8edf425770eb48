"""pytest in this folder runs the notebooks (nbval); ``voila.py`` is Voila's configuration, not a module to test
(imported as ``voila`` it would hide the real Voila package)."""

collect_ignore = ["voila.py"]
