"""Gene values from simulation: the expected MP a player gains by owning a gene, from a real position.

The value of item ``g`` to player ``p`` at a position is ``E[final MP of p | p gets g now] - E[final MP of p |
nobody gets g]``. Both branches start from a copy of the position where ``g`` has left the bag (and, at a
``bid`` node, its lot is emptied so the auction cannot sell it again); the "with" branch also gives ``g`` to
``p``. Each sample plays both branches to the end with the *same* seeds (common random numbers: the same
chance stream and the same policy stream), so most of the noise cancels in the paired difference. An event
card lot is valued the same way with one card drawn (by the shared seed) into ``p``'s hand or onto the
discard pile. Results carry the seed, the number of samples and a 95% normal interval of the paired mean.

>>> from evo_lab.theory.auction import teaching_position
>>> s = teaching_position(seed=1)
>>> gv = gene_values(s, genes=["legs"], n=4, seed=3, progress=False)
>>> gv.mean.shape, gv.n, gv.seed
((2, 1), 4, 3)
>>> gene_values(s, genes=["legs"], n=4, seed=3, progress=False).mean.tolist() == gv.mean.tolist()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.draw import draw
from ..core.protocol import play_out
from ..games.evo2e import State
from ..games.evo2e.phases.mutation import EMPTY_LOT, EVENT_LOT
from ..parallel import child_seeds, map_chunks, seed_int
from ..stats import mean_interval
from .auction import TheoryError, Valuations, check_auction, lot_names
from .outbid import _policy

EVENT = "event card"
EMPTY = "(empty)"


@dataclass
class GeneValues:
    """Estimated value (MP) of each item for each player: ``mean[player][k]`` with 95% ``low``/``high``."""

    items: list[str]
    players: list[int]
    mean: np.ndarray
    low: np.ndarray
    high: np.ndarray
    n: int
    seed: int
    policy: str
    baseline: np.ndarray = field(default_factory=lambda: np.zeros(0))
    notes: list[str] = field(default_factory=list)

    def table(self) -> list[dict]:
        """Rows ``{"player", "item", "value", "low", "high", "n", "seed"}``."""
        return [
            {
                "player": p,
                "item": it,
                "value": float(self.mean[i, k]),
                "low": float(self.low[i, k]),
                "high": float(self.high[i, k]),
                "n": self.n,
                "seed": self.seed,
            }
            for i, p in enumerate(self.players)
            for k, it in enumerate(self.items)
        ]

    def to_pandas(self) -> Any:
        import pandas as pd

        return pd.DataFrame(self.table())


def item_index(state: State, name: str) -> int:
    """The engine's item number of a gene id, ``"event card"`` or ``"(empty)"`` (a typed error for anything else).

    >>> from evo_lab.theory.auction import teaching_position
    >>> s = teaching_position(seed=1)
    >>> item_index(s, "legs") == s.game.gene_index["legs"], item_index(s, "event card") == EVENT_LOT
    (True, True)
    """
    g = state.game
    if name == EVENT:
        return EVENT_LOT
    if name == EMPTY:
        return EMPTY_LOT
    if name not in g.gene_index:
        raise TheoryError(f"unknown gene {name!r}; genes are {', '.join(g.gene_ids)} (or 'event card')")
    return g.gene_index[name]


def _drawn_card(state: State, item: int, rng: np.random.Generator) -> int:
    """The card an event lot would bring (drawn by the shared seed with the deck's weights), else -1."""
    if item != EVENT_LOT or sum(state.deck) == 0:
        return -1
    return draw(state.deck, rng)


def _branch(state: State, item: int, card: int, player: int | None) -> State:
    """``state`` with ``item`` out of play (its lot emptied at a ``bid`` node): nobody gets it (``player`` None:
    a gene leaves the bag, a card goes onto the discard pile) or ``player`` does. Built with the position
    builder (:meth:`State.position`)."""
    g = state.game
    pos = state.position()
    if state.node_name() == "bid" and item in state.lots and pos.lots is not None:
        pos.lots[state.lots.index(item)] = "empty"
    who = None if player is None else f"P{player + 1}"
    if item == EVENT_LOT:
        if card >= 0:
            cid = g.card_ids[card]
            if who is None:
                pos.discard = dict(pos.discard or {})
                pos.discard[cid] = pos.discard.get(cid, 0) + 1
            else:
                pos.hands = {**pos.hands, who: list(pos.hands.get(who, [])) + [cid]}
    elif item != EMPTY_LOT:
        gid = g.gene_ids[item]
        if who is None:
            if state.bag[item] > 0:
                pos.bag = {**(pos.bag or {}), gid: state.bag[item] - 1}
        else:
            _give(pos, who, gid, item < g.n_normal)
    return pos.build()


def _give(pos: Any, who: str, gid: str, normal: bool) -> None:
    """Add gene ``gid`` to player ``who``'s genes in the position description ``pos`` (the bag is not touched)."""
    if normal:
        genes = dict(pos.genes.get(who, {}))
        genes[gid] = genes.get(gid, 0) + 1
        pos.genes = {**pos.genes, who: genes}
    else:
        pos.unique = {**pos.unique, who: list(pos.unique.get(who, [])) + [gid]}


def granted(state: State, gene: str, player: int) -> State:
    """A new state: ``state`` with ``gene`` (a gene id, already out of the bag) owned by ``player``, built with the
    position builder (:meth:`State.position`); ``state`` is untouched.

    >>> from evo_lab.theory.auction import teaching_position
    >>> s = teaching_position(seed=1)
    >>> granted(s, "legs", 1).gene_counts(1)["legs"] - s.gene_counts(1)["legs"]
    1
    """
    g = state.game
    item = item_index(state, gene)
    if item < 0:
        raise TheoryError(f"only a gene can be granted, got {gene!r}")
    if not 0 <= player < g.players:
        raise TheoryError(f"player must be in 0..{g.players - 1}, got {player!r}")
    pos = state.position()
    _give(pos, f"P{player + 1}", gene, item < g.n_normal)
    return pos.build()


def paired_branches(
    state: State, gene: str, player: int, seed: int, memo: dict | None = None
) -> tuple[State, State]:
    """The two starting positions of one paired sample of :func:`gene_values`: ``(without, with)``, ``gene`` out
    of play in both and owned by ``player`` in ``with``. Play both on with the same seeds (common random numbers).
    ``memo``: a dict kept by the caller across the samples of one ``state``; each branch is then built once and
    cloned (the same positions, faster).

    >>> from evo_lab.theory.auction import teaching_position
    >>> s = teaching_position(seed=1)
    >>> without, with_ = paired_branches(s, "legs", 0, seed=5)
    >>> legs = lambda st: st.observation()["players"][0]["genes"]["legs"]
    >>> legs(with_) - legs(without), legs(without) == legs(s)
    (1, True)
    """
    if not 0 <= player < state.game.players:
        raise TheoryError(f"player must be in 0..{state.game.players - 1}, got {player!r}")
    item = item_index(state, gene)
    card = _drawn_card(state, item, np.random.default_rng([seed, 0]))
    return _start(state, item, card, None, memo), _start(state, item, card, player, memo)


def _start(state: State, item: int, card: int, player: int | None, memo: dict | None) -> State:
    """A fresh copy of the branch ``(item, card, player)`` of ``state``: built once per ``memo`` (one call of
    :func:`paired_samples` or one chunk of :func:`gene_values`, where ``state`` stays alive) and cloned for each
    sample, the same start as building it again."""
    if memo is None:
        return _branch(state, item, card, player)
    key = (id(state), item, card, player)
    if key not in memo:
        memo[key] = _branch(state, item, card, player)
    return memo[key].clone()


def _sample(task: tuple, memo: dict | None = None) -> list[float]:
    """One paired sample for one item: [baseline MP per player] + [MP with the item, per listed player]."""
    state, item, players, seed, policy = task
    n = state.game.players
    card = _drawn_card(state, item, np.random.default_rng([seed, 0]))
    runs = []
    for p in [None] + list(players):
        s = _start(state, item, card, p, memo)
        chance = np.random.default_rng([seed, 1])
        pol, _ = _policy(policy, n, seed)
        play_out(s, pol, chance)
        runs.append(s.returns())
    out = [float(x) for x in runs[0]]
    out += [float(runs[1 + i][p]) for i, p in enumerate(players)]
    return out


def paired_samples(
    state: State, gene: str, player: int, *, n: int, seed: int, policy: Any = "random"
) -> np.ndarray:
    """The ``n`` paired differences (``player``'s final MP with ``gene`` minus without) that :func:`gene_values`
    averages with the same ``seed`` and ``policy`` (sample ``i`` uses child seed ``i``).

    >>> from evo_lab.theory.auction import teaching_position
    >>> s = teaching_position(seed=1)
    >>> d = paired_samples(s, "legs", 0, n=4, seed=3)
    >>> float(d.mean()) == float(gene_values(s, genes=["legs"], players=[0], n=4, seed=3, progress=False).mean[0, 0])
    True
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise TheoryError(f"n must be a positive integer, got {n!r}")
    if not 0 <= player < state.game.players:
        raise TheoryError(f"player must be in 0..{state.game.players - 1}, got {player!r}")
    item = item_index(state, gene)
    out: list[float] = []
    memo: dict = {}
    for ss in child_seeds(seed, n):
        r = _sample((state, item, (player,), seed_int(ss), policy), memo)
        out.append(r[state.game.players] - r[player])
    return np.array(out)


def _chunk(tasks: list[tuple]) -> list[list[float]]:
    memo: dict = {}
    return [_sample(t, memo) for t in tasks]


def gene_values(
    state: State,
    genes: Sequence[str] | None = None,
    *,
    players: Sequence[int] | None = None,
    n: int = 64,
    seed: int = 0,
    policy: Any = "random",
    executor: Any = "serial",
    workers: int | None = None,
    progress: bool = True,
) -> GeneValues:
    """Estimate each gene's value (MP) for each player from ``state`` with paired seeds.

    ``genes``: gene ids (and/or ``"event card"``); default every gene still in the bag. ``players``: default
    all. ``policy``: how everyone plays on - ``"random"`` (uniform over legal actions), a bot name of
    ``evo_lab.bots`` or a list of bots. ``executor`` as in :func:`evo_lab.parallel.map_chunks`. A unique
    gene someone already owns gets ``nan`` (nobody else can get it).
    """
    if not isinstance(state, State):
        raise TheoryError(f"expected an evo_lab State, got {type(state).__name__}")
    if state.is_terminal():
        raise TheoryError("the game is over: nothing is left to gain")
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise TheoryError(f"n must be an integer >= 2 (samples), got {n!r}")
    g = state.game
    if genes is None:
        genes = [gid for i, gid in enumerate(g.gene_ids) if state.bag[i] > 0]
    names = list(genes)
    items = [item_index(state, x) for x in names]
    pl = list(range(g.players)) if players is None else [int(p) for p in players]
    if any(not 0 <= p < g.players for p in pl) or not pl:
        raise TheoryError(f"players must be in 0..{g.players - 1}, got {players!r}")
    return _estimate(state, names, items, pl, n, seed, policy, executor, workers, progress)


def _estimate(
    state: State,
    names: list[str],
    items: list[int],
    pl: list[int],
    n: int,
    seed: int,
    policy: Any,
    executor: Any,
    workers: int | None,
    progress: bool,
) -> GeneValues:
    g = state.game
    _policy(policy, g.players, 0)  # validate early
    seeds = [seed_int(ss) for ss in child_seeds(seed, n)]
    owned = {
        it for it in items if it >= g.n_normal and any(u >> (it - g.n_normal) & 1 for u in state.unique_bits)
    }
    tasks = [(state, it, tuple(p for p in pl if it not in owned), sd, policy) for sd in seeds for it in items]
    res = map_chunks(_chunk, tasks, executor=executor, workers=workers, progress=progress, desc="gene values")
    k_items = len(items)
    mean = np.full((len(pl), k_items), np.nan)
    low, high = mean.copy(), mean.copy()
    base = np.zeros((len(pl), k_items))
    notes = []
    for k in range(k_items):
        rows = [res[i * k_items + k] for i in range(n)]
        who = tasks[k][2]
        for j, p in enumerate(pl):
            base[j, k] = float(np.mean([r[p] for r in rows]))
            if p not in who:
                owner = next(
                    q for q in range(g.players) if state.unique_bits[q] >> (items[k] - g.n_normal) & 1
                )
                notes.append(
                    f"P{owner + 1} already owns {names[k]} (a unique gene exists once): value for "
                    f"P{p + 1} undefined (nan)"
                )
                continue
            c = who.index(p)
            diffs = [r[g.players + c] - r[p] for r in rows]
            m, lo, hi = mean_interval(diffs)
            mean[j, k], low[j, k], high[j, k] = m, lo, hi
    _, pname = _policy(policy, g.players, 0)
    return GeneValues(names, pl, mean, low, high, n, seed, pname, base, notes)


def lot_valuations(
    state: State,
    *,
    n: int = 64,
    seed: int = 0,
    policy: Any = "random",
    executor: Any = "serial",
    workers: int | None = None,
    progress: bool = True,
) -> Valuations:
    """Valuations of the lots of the auction at ``state`` from simulation (see :func:`gene_values`); an empty
    lot is worth 0. The result plugs into :func:`~evo_lab.theory.auction.normal_form` and
    :func:`~evo_lab.theory.auction.solve_sequential`."""
    check_auction(state)
    names = lot_names(state)
    live = [i for i, x in enumerate(state.lots) if x != EMPTY_LOT]
    gv = (
        _estimate(
            state,
            [names[i] for i in live],
            [state.lots[i] for i in live],
            list(range(state.game.players)),
            n,
            seed,
            policy,
            executor,
            workers,
            progress,
        )
        if live
        else None
    )
    P, m = state.game.players, len(names)
    vals, low, high = np.zeros((P, m)), np.zeros((P, m)), np.zeros((P, m))
    if gv is not None:
        for j, i in enumerate(live):
            vals[:, i] = np.nan_to_num(gv.mean[:, j])
            low[:, i] = np.nan_to_num(gv.low[:, j])
            high[:, i] = np.nan_to_num(gv.high[:, j])
    return Valuations(
        vals,
        names,
        low,
        high,
        source=f"simulation (n={n}, seed={seed}, policy={gv.policy if gv else '-'})",
        meta={"n": n, "seed": seed},
    )


def gene_value_chart(gv: GeneValues, title: str | None = None) -> Any:
    """A grouped bar chart (plotly) of each item's value for each player with 95% error bars."""
    import plotly.graph_objects as go

    fig = go.Figure()
    for j, p in enumerate(gv.players):
        m = gv.mean[j]
        fig.add_trace(
            go.Bar(
                name=f"P{p + 1}",
                x=gv.items,
                y=m,
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": gv.high[j] - m,
                    "arrayminus": m - gv.low[j],
                },
            )
        )
    fig.update_layout(
        barmode="group",
        yaxis_title="value (MP gained, 95% interval)",
        title=title or f"Gene values: n={gv.n} paired samples, seed {gv.seed}, policy {gv.policy}",
        template="plotly_white",
        height=420,
    )
    fig.add_hline(y=0, line_color="grey", line_width=1)
    return fig
