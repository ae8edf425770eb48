"""Who plays whom, in which seat, with which seed: round-robin and Swiss pairings for tables of ``k`` seats.

**Tables and seats.** A game seats ``k`` entrants (``k`` = ``players``, 2 by default; 3 to 8 for the multi-player
games). Both formats play *matches*: one table of ``k`` entrants plays ``k`` consecutive games, the seat list
rotated by one each game (game ``r`` of the match seats ``table[(q + r) % k]`` in seat ``q``), so each entrant
sits in each seat once per match; all ``k`` games of a match share one *deal seed* (the duplicate format: the
same cards and dice for every seating, so a difference comes from the players, not the deal).

**Round-robin.** The tables are all ``C(n, k)`` sets of ``k`` entrants (for ``k = 2``: every pair), in an order
shuffled once by the pairing seed. A cycle plays every table's match once (``C(n, k) * k`` games); cycles repeat,
with new deals, until ``games`` games are scheduled (the last cycle, or match, may be cut short: for equal
numbers of games and seats make ``games`` a multiple of ``C(n, k) * k``). When ``C(n, k)`` is large (30
students at tables of 4: 27,405 tables) a run covers a random subset of the tables; prefer Swiss then.

**Swiss.** Rounds of matches: the entrants are ordered by their points so far (their win shares; ties broken by
a new seeded random order each round), and each table takes the best-placed entrant still free plus the next
``k - 1`` who have met it (and each other) least often. With ``n`` not a multiple of ``k`` the lowest-placed
entrants who have had the fewest byes sit out (a bye is worth 1 point, the mean of a match: ``k`` games share
``k`` points). A round's pairings depend on the results so far, so rounds are played one after the other (the
games of a round in parallel). ``games`` is cut at the end as in round-robin.

**Seeds.** Game ``i``'s seed is ``seed_int(deal_seeds[i // k])`` with ``deal_seeds = child_seeds(SeedSequence(
seed).spawn(2)[0], ceil(games / k))``; the pairing order uses the second child. Everything is a pure function
of ``(n, k, games, seed)`` and, for Swiss, of the earlier rounds' results.

>>> [(p.game, p.table, p.round) for p in round_robin(3, 2, 7, seed=1)][:4]
[(0, (0, 1), 0), (1, (1, 0), 0), (2, (1, 2), 0), (3, (2, 1), 0)]
>>> ps = round_robin(3, 2, 7, seed=1); ps[0].seed == ps[1].seed != ps[2].seed
True
>>> sw = Swiss(4, 2, games=8, seed=1); first = sw.next_round(); [p.table for p in first]
[(3, 0), (0, 3), (1, 2), (2, 1)]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..core.errors import EvoLabError
from ..parallel import child_seeds, seed_int

__all__ = ["FORMATS", "Pairing", "PairingError", "Swiss", "deal_seeds", "rotate", "round_robin"]

FORMATS = ("round-robin", "swiss")


class PairingError(EvoLabError, ValueError):
    """Pairings that cannot be made (fewer entrants than seats, no games...)."""


@dataclass(frozen=True)
class Pairing:
    """One game: its number, its round (cycle or Swiss round), the entrant in each seat, its seed."""

    game: int
    round: int
    table: tuple[int, ...]
    seed: int


def _check(n: int, k: int, games: int) -> None:
    if k < 1:
        raise PairingError(f"a table needs at least 1 seat, got {k}")
    if n < k:
        raise PairingError(f"{k}-seat tables need at least {k} entrants, got {n}")
    if games < 1:
        raise PairingError(f"games must be at least 1, got {games}")


def deal_seeds(seed: int, games: int, k: int) -> list[int]:
    """The seed of each game: the ``k`` games of a match (numbers ``m*k .. m*k + k - 1``) share one."""
    deals = child_seeds(np.random.SeedSequence(seed).spawn(2)[0], math.ceil(games / k))
    return [seed_int(deals[i // k]) for i in range(games)]


def _pairing_rng(seed: int, salt: int = 0) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence(seed).spawn(2)[1].spawn(salt + 1)[salt])


def rotate(table: Sequence[int], r: int) -> tuple[int, ...]:
    """The seat list of game ``r`` of a match: seat ``q`` holds ``table[(q + r) % k]``."""
    k = len(table)
    return tuple(table[(q + r) % k] for q in range(k))


def round_robin(n: int, k: int, games: int, seed: int) -> list[Pairing]:
    """Every pairing of a round-robin of ``n`` entrants at ``k``-seat tables (see the module docstring)."""
    _check(n, k, games)
    tables = list(itertools.combinations(range(n), k))
    order = _pairing_rng(seed).permutation(len(tables))
    seeds = deal_seeds(seed, games, k)
    per_cycle = len(tables) * k
    out = []
    for g in range(games):
        cycle, j = divmod(g, per_cycle)
        table = tables[int(order[j // k])]
        out.append(Pairing(g, cycle, rotate(table, j % k), seeds[g]))
    return out


class Swiss:
    """Swiss pairings, one round at a time: :meth:`next_round` gives the round's pairings (``[]`` when
    ``games`` are scheduled), :meth:`record` takes each game's win shares per seat before the next round."""

    def __init__(self, n: int, k: int, games: int, seed: int):
        _check(n, k, games)
        self.n, self.k, self.games, self.seed = n, k, games, seed
        self.seeds = deal_seeds(seed, games, k)
        self.points = [0.0] * n
        self.byes = [0] * n
        self.met = np.zeros((n, n), dtype=int)
        self.round = 0
        self.scheduled = 0

    @property
    def per_round(self) -> int:
        return (self.n // self.k) * self.k

    def rounds(self) -> int:
        """How many rounds ``games`` take."""
        return math.ceil(self.games / self.per_round)

    def standings(self) -> list[int]:
        """The entrants by points (best first), ties in this round's seeded random order."""
        tie = _pairing_rng(self.seed, 1 + self.round).permutation(self.n)
        rank = {int(e): i for i, e in enumerate(tie)}
        return sorted(range(self.n), key=lambda e: (-self.points[e], rank[e]))

    def _tables(self, order: list[int]) -> list[tuple[int, ...]]:
        free = list(order)
        tables = []
        while len(free) >= self.k:
            table = [free.pop(0)]
            while len(table) < self.k:
                best = min(range(len(free)), key=lambda i: (sum(self.met[free[i], t] for t in table), i))
                table.append(free.pop(best))
            tables.append(tuple(table))
        return tables

    def next_round(self) -> list[Pairing]:
        if self.scheduled >= self.games:
            return []
        order = self.standings()
        sit_out = self.n % self.k
        if sit_out:
            byes = sorted(order, key=lambda e: (self.byes[e], -order.index(e)))[
                :sit_out
            ]  # lowest placed first
            for e in byes:
                self.byes[e] += 1
                self.points[e] += 1.0
            order = [e for e in order if e not in byes]
        out = []
        for table in self._tables(order):
            for r in range(self.k):
                if self.scheduled >= self.games:
                    break
                g = self.scheduled
                out.append(Pairing(g, self.round, rotate(table, r), self.seeds[g]))
                self.scheduled += 1
            for a, b in itertools.combinations(table, 2):
                self.met[a, b] += 1
                self.met[b, a] += 1
        self.round += 1
        return out

    def record(self, table: Sequence[int], won: Sequence[float]) -> None:
        """Add one game's win shares (``won[q]`` for the entrant in seat ``q``) to the points."""
        for e, w in zip(table, won):
            self.points[e] += float(w)
