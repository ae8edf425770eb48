"""Option types of the command line: each refuses a bad value with one line that says what was expected.

argparse puts the option's name in front (``--seed: expected a non-negative integer, got -1``, see
:class:`evo_lab.cli.EvoArgumentParser`).

>>> non_negative_int("7"), port_number("8888")
(7, 8888)
>>> non_negative_int("-1")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected a non-negative integer, got -1
>>> port_number("99999")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected a port from 1 to 65535, got 99999
"""

from __future__ import annotations

import argparse

__all__ = ["non_negative_int", "port_number", "positive_int"]


def _int(text: str, what: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise argparse.ArgumentTypeError(f"expected {what}, got {shown!r}") from None


def non_negative_int(text: str) -> int:
    """A whole number from 0 (seeds)."""
    value = _int(text, "a non-negative integer")
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer, got {value}")
    return value


def positive_int(text: str) -> int:
    """A whole number from 1 (players, games, kernels)."""
    value = _int(text, "a positive integer")
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def port_number(text: str) -> int:
    """A TCP port, 1 to 65535."""
    value = _int(text, "a port from 1 to 65535")
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 1 to 65535, got {value}")
    return value
