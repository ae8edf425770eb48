"""pytest settings for the lesson notebooks: nbval runs them strictly (``--nbval`` in ``pyproject.toml``),
comparing every output not marked ``# NBVAL_IGNORE_OUTPUT``; this hands nbval the sanitizer file for the few
volatile bits (``nbval_sanitize.cfg``) whatever directory pytest is started from."""

from pathlib import Path

SANITIZE = Path(__file__).with_name("nbval_sanitize.cfg")


def pytest_configure(config):
    if getattr(config.option, "nbval_sanitize_with", "unset") is None:
        config.option.nbval_sanitize_with = str(SANITIZE)
