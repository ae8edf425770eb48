"""Position builders for the engine tests: set a state's fields directly, then let the engine run on
from a named step of its round (``goto``), so that every test exercises the real flow."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

import evo_lab
from evo_lab.core.protocol import sample_chance
from evo_lab.engine.state import State

GENE_SLOTS = ("legs", "horn", "egg", "thermo", "fur", "vial")
RULEBOOK = "/work/shared/seeds/000_ac662ced2d605a67.txt"


def sp(game_or_state, label: str) -> int:
    """Space id of a board label."""
    g = getattr(game_or_state, "game", game_or_state)
    return g.label_index[label.upper()]


def make(players: int = 2, *, board: Mapping[str, int] | None = None, genes: Mapping[int, Mapping[str, int]] | None = None,
         uniq: Mapping[int, Iterable[str]] | None = None, hands: Mapping[int, Iterable[str]] | None = None,
         mp: Iterable[int] | None = None, order: Iterable[int] | None = None, section: int | None = None,
         options: Mapping | None = None, data=None) -> State:
    """A round-1 state with the given dinosaurs (``{label: player}``), genes (``{player: {"horn": 1}}``),
    unique genes (``{player: ["wings"]}``), event cards in hand (``{player: ["geysers"]}``), MP, initiative
    order and wheel section. The bag, deck and gene counts stay consistent (48 gene tokens). The state
    is left before climate; call :func:`goto` to run the engine from a step."""
    g = evo_lab.Game(players=players, options=options, data=data)
    s = g.new_initial_state()
    n = players
    s.excluded = ()
    s.bag = list(g.bag0)
    for i in range(g.n_unique):
        s.bag[g.n_normal + i] = 1
    s.order = tuple(order) if order is not None else tuple(range(n))
    s.round = 1
    s.occ = [-1] * g.n
    if board is None:  # the starting dinosaurs
        board = {g.labels[x]: p for p in range(n) for x in g.starts[p]}
    for lab, p in board.items():
        s.occ[sp(g, lab)] = p
    s.count = [s.occ.count(p) for p in range(n)]
    s.genes = [0] * (6 * n)
    for p, gs in (genes or {}).items():
        for gid, k in gs.items():
            s.genes[6 * p + GENE_SLOTS.index(gid)] = k
            s.bag[GENE_SLOTS.index(gid)] -= k
    s.uniq = [0] * n
    for p, us in (uniq or {}).items():
        for u in us:
            s.uniq[p] |= g.bit[u]
            s.bag[g.gene_index[u]] = 0
    hl = [[] for _ in range(n)]
    s.deck = list(g.deck0)
    for p, cs in (hands or {}).items():
        for c in cs:
            i = g.card_ids.index(c)
            hl[p].append(i)
            s.deck[i] -= 1
    s.hands = tuple(tuple(sorted(h)) for h in hl)
    if mp is not None:
        s.mp = list(mp)
    if section is not None:
        s.section = section
    s.next_token = None
    s._legal = None
    return s


def goto(s: State, step: str, **fields) -> State:
    """Run the engine on from one of its steps (``"movement_start"``, ``"birth_start"``,
    ``"survival_start"``, ``"initiative"``, ``"mutation_start"``, ``"climate_token"``, ...)."""
    for k, v in fields.items():
        setattr(s, k, v)
    s.window = ()
    s.pend = ()
    s.step = step
    s._legal = None
    s._run()
    return anchor(s)


def anchor(s: State) -> State:
    """The same position, reloaded so that it is its own origin (records and replays start here)."""
    return State.from_dict(s.to_dict(), s.game)


def movement(players: int = 2, mover: int = 0, **kw) -> State:
    """A position at ``mover``'s movement decision (``mover`` first on the track)."""
    order = kw.pop("order", None)
    if order is None:
        order = [mover] + [p for p in range(players) if p != mover]
    s = make(players, order=order, **kw)
    return goto(s, "movement_start")


def labels(s: State, spaces: Iterable[int]) -> list[str]:
    return [s.game.labels[i] for i in spaces]


def strings(s: State) -> list[str]:
    """The legal actions as strings."""
    return [s.action_to_string(a) for a in s.legal_actions()]


def play(s: State, *actions: str) -> State:
    for a in actions:
        s.apply_action(a)
    return s


def random_to(s: State, pred, seed: int = 0, limit: int = 5000) -> State:
    """Play uniformly at random until ``pred(state)``."""
    rng = np.random.default_rng(seed)
    for _ in range(limit):
        if pred(s):
            return s
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
        else:
            acts = s.legal_actions()
            s.apply_action(acts[int(rng.random() * len(acts))])
    raise AssertionError("position not reached")


def rulebook() -> str:
    with open(RULEBOOK, encoding="utf-8") as f:
        return f.read()
