"""The bad-input campaign of evo-lab's loaders (positions, records, trees, uploads, Evo 2e's position text and
boards, data packs, the course harness): good files of every registered game mutated one place at a time and fed
to their loader (:mod:`.campaign`), starting from the samples of :mod:`.samples`.

It lives outside :mod:`evo_lab.core` because it knows the games (their boards, packs and harness): the core
knows none. ``scripts/bad_input_table.py`` writes its table into ``docs/security.md``;
``tests/badinput/test_loader_fuzz.py`` drives the same mutations with hypothesis.
"""

from .campaign import (
    MAX_MESSAGE,
    MUTATIONS,
    Chooser,
    RngChooser,
    campaign,
    markdown_table,
    mutate,
    mutate_text,
    outcome,
)
from .samples import GAMES, KINDS, LOADERS, PLAYERS, applicable, playable, samples

__all__ = [
    "GAMES",
    "KINDS",
    "LOADERS",
    "MAX_MESSAGE",
    "MUTATIONS",
    "PLAYERS",
    "Chooser",
    "RngChooser",
    "applicable",
    "campaign",
    "markdown_table",
    "mutate",
    "mutate_text",
    "outcome",
    "playable",
    "samples",
]
