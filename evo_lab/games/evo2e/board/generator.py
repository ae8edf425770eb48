"""Procedural islands for :meth:`evo_lab.games.evo2e.board.Board.generate` (kept apart from
:mod:`evo_lab.games.evo2e.board.graph` to keep each module short): a compact, lake-free coastline, contiguous
terrain regions with quotas, and two adjacent coastal start spaces per seat spread around the coast.

>>> data, source, bounds = generate_dict(2, None, 3, None)
>>> len(data["cells"]), source, bounds
(26, 'Board.generate(players=2, size=26, seed=3)', None)
"""

from __future__ import annotations

import math
from collections import deque
from typing import TYPE_CHECKING

from .graph import DEFAULT_SIZES, hex_center
from ..jsontypes import JSONDict
from .file_format import DEFAULT_TERRAIN_BOUNDS, DIRECTIONS, FORMAT, TERRAINS, VERSION, BoardError, _is_int

if TYPE_CHECKING:
    import numpy as np

__all__ = ["generate_dict"]

Cell = tuple[int, int]


def _neighbours(c: tuple[int, int]) -> list[tuple[int, int]]:
    return [(c[0] + dq, c[1] + dr) for dq, dr in DIRECTIONS]


def _has_lake(land: set[tuple[int, int]]) -> bool:
    """True if some sea cell is enclosed by land (not reachable from outside the bounding box)."""
    qs = [q for q, _ in land]
    rs = [r for _, r in land]
    q0, q1, r0, r1 = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    start = (q0, r0)
    seen = {start}
    todo = [start]
    while todo:
        c = todo.pop()
        for nb in _neighbours(c):
            if q0 <= nb[0] <= q1 and r0 <= nb[1] <= r1 and nb not in land and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    box = (q1 - q0 + 1) * (r1 - r0 + 1)
    return len(seen) + len(land) != box


def _grow_island(rng: np.random.Generator, size: int) -> set[Cell]:
    """Grow a compact, slightly wide island of ``size`` cells without lakes."""
    import numpy as np

    for _ in range(200):
        land = {(0, 0)}
        aspect = 1.5 + 0.5 * rng.random()  # wider than tall, like the printed island
        while len(land) < size:
            frontier = sorted({nb for c in land for nb in _neighbours(c)} - land, key=lambda c: (c[1], c[0]))
            w = []
            for c in frontier:
                k = sum(nb in land for nb in _neighbours(c))
                x, y = hex_center(c[0], c[1], 1.0)
                spread = (x / aspect) ** 2 + y**2
                w.append(k**2.2 / (1.0 + 0.15 * spread))
            p = np.asarray(w, dtype=float)
            land.add(frontier[int(rng.choice(len(frontier), p=p / p.sum()))])
        if not _has_lake(land):
            return land
    raise BoardError(
        f"could not grow a lake-free island of {size} spaces", source="Board.generate", field="size"
    )


def _bfs(land: set[Cell], sources: list[Cell]) -> dict[Cell, int]:
    dist = {s: 0 for s in sources}
    todo = deque(sources)
    while todo:
        u = todo.popleft()
        for w in _neighbours(u):
            if w in land and w not in dist:
                dist[w] = dist[u] + 1
                todo.append(w)
    return dist


def _paint_terrain(
    rng: np.random.Generator, land: set[Cell], targets: dict[str, int], regions_per_terrain: int
) -> dict[Cell, str] | None:
    """Grow contiguous terrain regions with quotas from farthest-point seeds. None if it got stuck."""
    cells = sorted(land, key=lambda c: (c[1], c[0]))
    nseeds = regions_per_terrain * len(TERRAINS)
    seeds = [cells[int(rng.integers(len(cells)))]]
    while len(seeds) < nseeds:
        d = _bfs(land, seeds)
        best = max(d.values())
        far = [c for c in cells if d[c] >= best - 1 and c not in seeds]
        seeds.append(far[int(rng.integers(len(far)))])
    order = [t for t in TERRAINS for _ in range(regions_per_terrain)]
    rng.shuffle(order)
    # quotas per region
    quota = []
    for i, t in enumerate(order):
        k = [j for j, u in enumerate(order) if u == t]
        share, extra = divmod(targets[t], len(k))
        quota.append(share + (1 if k.index(i) < extra else 0))
    owner: dict[tuple[int, int], int] = {}
    sizes = [0] * nseeds
    for i, s in enumerate(seeds):
        owner[s] = i
        sizes[i] = 1
    while len(owner) < len(land):
        fronts: dict[int, list[Cell]] = {}
        for c in cells:
            if c in owner:
                continue
            for nb in _neighbours(c):
                if nb in owner:
                    fronts.setdefault(owner[nb], []).append(c)
        growable = [i for i in range(nseeds) if i in fronts and sizes[i] < quota[i]]
        if not growable:
            # trapped leftovers go to a neighbouring region (quota overflow)
            growable = sorted(fronts)
            if not growable:
                return None
        i = min(growable, key=lambda j: (sizes[j] / max(quota[j], 1), j))
        cand = sorted(set(fronts[i]), key=lambda c: (c[1], c[0]))
        w = [1.0 + 2.0 * sum(owner.get(nb) == i for nb in _neighbours(c)) ** 2 for c in cand]
        tot = sum(w)
        pick = cand[int(rng.choice(len(cand), p=[x / tot for x in w]))]
        owner[pick] = i
        sizes[i] += 1
    return {c: order[i] for c, i in owner.items()}


_START_PENALTY = {"desert": 0.3, "plains": 0.0, "hills": 0.08, "mountains": 0.4}


def _angle(c: Cell, centre: tuple[float, float]) -> float:
    x, y = hex_center(c[0], c[1], 1.0)
    return math.atan2(y - centre[1], x - centre[0])


def _place_starts(
    rng: np.random.Generator, land: set[Cell], terrain: dict[Cell, str], players: int
) -> list[tuple[Cell, Cell]] | None:
    coast = [
        c for c in sorted(land, key=lambda c: (c[1], c[0])) if any(nb not in land for nb in _neighbours(c))
    ]
    xs = [hex_center(q, r, 1.0) for q, r in land]
    centre = (sum(x for x, _ in xs) / len(xs), sum(y for _, y in xs) / len(xs))
    coast_set = set(coast)
    pairs = []
    for a in coast:
        for b in _neighbours(a):
            if b in coast_set and (a[1], a[0]) < (b[1], b[0]):
                ang = math.atan2(
                    math.sin(_angle(a, centre)) + math.sin(_angle(b, centre)),
                    math.cos(_angle(a, centre)) + math.cos(_angle(b, centre)),
                )
                pairs.append((a, b, ang))
    if not pairs:
        return None
    for _ in range(30):
        theta0 = rng.uniform(-math.pi, math.pi)
        chosen: list[tuple[Cell, Cell]] = []
        taken: set[Cell] = set()
        ok = True
        for seat in range(players):
            target = theta0 + 2 * math.pi * seat / players
            best: tuple[Cell, Cell] | None = None
            best_score: float | None = None
            for a, b, ang in pairs:
                if a in taken or b in taken:
                    continue
                if any(nb in taken for nb in _neighbours(a) + _neighbours(b)):
                    continue  # not adjacent to another seat's start
                diff = abs((ang - target + math.pi) % (2 * math.pi) - math.pi)
                # prefer the temperate middle terrains for a fair start (plains, then hills)
                extreme = sum(_START_PENALTY[terrain[c]] for c in (a, b))
                score = diff + extreme + 0.01 * rng.random()
                if best_score is None or score < best_score:
                    best, best_score = (a, b), score
            if best is None:
                ok = False
                break
            chosen.append(best)
            taken.update(best)
        if ok:
            return chosen
    return None


def _checked_args(players: object, size: object, seed: object) -> tuple[int, int, int]:
    """``(players, size, seed)`` checked (a missing size: the default for the player count; a missing seed: a
    fresh one)."""
    import numpy as np

    if not _is_int(players) or not 2 <= players <= 5:
        raise BoardError(
            f"must be an integer from 2 to 5, got {players!r}", source="Board.generate", field="players"
        )
    if size is None:
        size = DEFAULT_SIZES[players]
    if not _is_int(size) or size < 2 * players + 4 or size > 2000:
        raise BoardError(
            f"must be an integer from {2 * players + 4} to 2000 for {players} players, got {size!r}",
            source="Board.generate",
            field="size",
        )
    if seed is None:
        entropy = np.random.SeedSequence().entropy
        assert isinstance(entropy, int)  # a fresh SeedSequence draws an int
        seed = int(entropy % (2**31))
    if not _is_int(seed) or seed < 0:
        raise BoardError(
            f"must be a non-negative integer, got {seed!r}", source="Board.generate", field="seed"
        )
    return players, size, seed


def _terrain_weights(terrain_mix: object) -> tuple[dict[str, float], tuple[float, float] | None]:
    """The relative weight of each terrain and the share bounds (``None``: the default; a custom mix: any)."""
    if terrain_mix is None:
        return {t: 1.0 for t in TERRAINS}, None
    if not isinstance(terrain_mix, dict) or set(terrain_mix) - set(TERRAINS):
        raise BoardError(
            f"keys must be terrains {TERRAINS}, got {terrain_mix!r}",
            source="Board.generate",
            field="terrain_mix",
        )
    weights = {t: float(terrain_mix.get(t, 0.0)) for t in TERRAINS}
    if any(w < 0 or math.isnan(w) for w in weights.values()) or sum(weights.values()) <= 0:
        raise BoardError(
            "weights must be >= 0 with a positive sum", source="Board.generate", field="terrain_mix"
        )
    return weights, (0.0, 1.0)


def _terrain_targets(size: int, weights: dict[str, float]) -> dict[str, int]:
    """Spaces per terrain: ``size`` shared by ``weights``, largest remainders first."""
    total = sum(weights.values())
    raw = {t: size * weights[t] / total for t in TERRAINS}
    targets = {t: math.floor(raw[t]) for t in TERRAINS}
    for t in sorted(TERRAINS, key=lambda t: (targets[t] - raw[t], TERRAINS.index(t)))[
        : size - sum(targets.values())
    ]:
        targets[t] += 1
    return targets


def _island(
    rng: np.random.Generator, players: int, size: int, targets: dict[str, int], bounds: tuple[float, float]
) -> tuple[set[Cell], dict[Cell, str], list[tuple[Cell, Cell]]] | None:
    """One attempt: land, terrain and start areas, or None when the terrain shares or the starts fail."""
    lo, hi = bounds
    land = _grow_island(rng, size)
    terrain = _paint_terrain(rng, land, targets, 1 if size < 38 else 2)
    if terrain is None:
        return None
    counts = {t: 0 for t in TERRAINS}
    for t in terrain.values():
        counts[t] += 1
    if any(not lo - 1e-9 <= counts[t] / size <= hi + 1e-9 for t in TERRAINS):
        return None
    starts = _place_starts(rng, land, terrain, players)
    return None if starts is None else (land, terrain, starts)


def generate_dict(
    players: object, size: object, seed: object, terrain_mix: object
) -> tuple[JSONDict, str, tuple[float, float] | None]:
    """The board-file dict of a generated island, its source name and its terrain bounds (see
    :meth:`~evo_lab.games.evo2e.board.Board.generate`)."""
    import numpy as np

    default_size = DEFAULT_SIZES[players] if _is_int(players) and 2 <= players <= 5 else 0
    players, size, seed = _checked_args(players, size, seed)
    weights, bounds = _terrain_weights(terrain_mix)
    targets = _terrain_targets(size, weights)
    rng = np.random.default_rng(seed)
    for _attempt in range(100):
        made = _island(rng, players, size, targets, bounds or DEFAULT_TERRAIN_BOUNDS)
        if made is not None:
            break
    else:
        raise BoardError(
            f"could not generate a valid {players}-player island of {size} spaces with seed {seed}",
            source="Board.generate",
            field="seed",
        )
    land, terrain, starts = made
    name = f"generated-{players}p-seed{seed}" + ("" if size == default_size else f"-size{size}")
    args = f"players={players}, size={size}, seed={seed}" + (
        "" if terrain_mix is None else f", terrain_mix={weights}"
    )
    data: JSONDict = {
        "format": FORMAT,
        "version": VERSION,
        "name": name,
        "players": players,
        "reconstructed": False,
        "provenance": {"confidence": "generated", "source": f"Board.generate({args})"},
        "cells": [
            {"q": q, "r": r, "terrain": terrain[(q, r)]} for q, r in sorted(land, key=lambda c: (c[1], c[0]))
        ],
        "start_areas": [[list(a), list(b)] for a, b in starts],
    }
    if bounds is not None:
        data["terrain_bounds"] = list(bounds)
    return data, f"Board.generate({args})", bounds
