"""Classroom tournaments: bots from files, other processes and other machines, faults survived, ratings with
intervals (``docs/tournaments.md``, ``docs/remote.md``).

==================  ===========================================================================================
``pairings``        round-robin and Swiss pairings, seat rotation, seeds
``play``            one game: players at their seats, faults and stand-ins, the outcome
``runner``          :func:`run_tournament` on any scheduler, :class:`TournamentResult`
``ratings``         Plackett-Luce ratings with a bootstrap over games, OpenSkill, win rates, head-to-head tests
``report``          the output folder: records, fault log, leaderboard CSV/HTML, plot
``remote``          players (in process, sandboxed, ``cmd:``, ``tcp:``) and their faults
``sandbox``         a bot's process: limits, process group, exit reasons, log
``channel``         JSON values with deadlines over pipes or sockets
``protocol``        the remote protocol's messages and JSON Schemas
``host``            the process a sandboxed Python bot runs in
==================  ===========================================================================================

The main names are importable from here (lazily, so that a bot's sandbox starts fast):

>>> from evo_lab.tournament import run_tournament, write_report, Limits
>>> Limits().time_limit
2.0
"""

from __future__ import annotations

from typing import Any

__all__ = ["Limits", "TournamentResult", "run_tournament", "write_report"]

_WHERE = {
    "run_tournament": "runner",
    "TournamentResult": "runner",
    "write_report": "report",
    "Limits": "sandbox",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
