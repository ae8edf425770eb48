"""Helpers of the Origin of Species tests: positions by name, action lists, seeded random play, the sources."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

import evo_lab
from evo_lab.core.protocol import sample_chance
from evo_lab.games.origin import act, build_position

ROOT = Path(__file__).resolve().parents[1]
SHARED = [ROOT.parent.parent / "shared", ROOT.parent / "shared", Path("/work/shared")]


def shared_file(rel: str) -> Path | None:
    """A file of the shared folder (seeds, reference), or None where it is not available (CI)."""
    for base in SHARED:
        p = base / rel
        if p.exists():
            return p
    return None


SEED = "seeds/001_fedf4eab345d9a57.txt"
REFERENCE = "reference/origin-of-species.md"

__all__ = [
    "build_position",
    "act",
    "animal",
    "acts",
    "texts",
    "kinds",
    "random_game",
    "shared_file",
    "SEED",
    "REFERENCE",
    "pos",
]


def pos(*animals: str, players: int | None = None, **kw):
    """``build_position`` with the animals of each player as positional strings."""
    return build_position(players=players or max(2, len(animals)), animals=list(animals), **kw)


def animal(s, name: str):
    return s.animal_by_id[s.names[name]]


def acts(s, kind: str) -> list[tuple]:
    return [a for a in s.legal_actions() if a[0] == kind]


def texts(s, kind: str | None = None) -> list[str]:
    """The legal actions as text with animal ids replaced by the builder's names (``attack $A $B``)."""
    inv = {v: k for k, v in s.names.items()}

    def name(m: re.Match) -> str:
        aid = int(m.group(1))
        return f"${inv[aid]}" if aid in inv else m.group(0)

    return [
        re.sub(r"\bA(\d+)\b", name, s.action_to_string(a))
        for a in s.legal_actions()
        if kind is None or a[0] == kind
    ]


def kinds(s) -> set[str]:
    return {a[0] for a in s.legal_actions()}


def random_game(players: int, seed: int, options=None, max_actions: int | None = None):
    """A uniformly random game from the start (chance and decisions drawn from ``default_rng(seed)``)."""
    g = evo_lab.make_game("origin", players=players, seed=seed, options=options)
    s = g.new_initial_state()
    rng = np.random.default_rng(seed)
    n = 0
    while not s.is_terminal() and (max_actions is None or n < max_actions):
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
        else:
            a = s.legal_actions()
            s.apply_action(a[int(rng.random() * len(a))])
        n += 1
    return s
