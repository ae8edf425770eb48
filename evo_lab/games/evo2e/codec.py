"""Evo 2e's fixed integer encodings of actions and observations for RL frameworks (OpenSpiel, PettingZoo).

Decisions map to a dense range ``0 .. num_distinct_actions - 1`` and chance outcomes to ``0 ..
max_chance_outcomes - 1``; both depend only on the game (players, board, data pack). Each action kind owns a
block: ``bid`` (lot x value), ``initiative`` (place), ``move``/``attack``/``wings``/``flippers`` (from x to),
``end``, ``play`` (card x (no shift, each prescience shift)), ``pass``, ``birth`` (space x (none, removed
space)), ``escape`` and ``remove`` (space); chance: ``exclude``, ``order``, ``token``, ``peek``, ``gene``,
``card``, ``die``.

>>> import evo_lab
>>> codec = ActionCodec(evo_lab.Game(players=2))
>>> a = evo_lab.Action("move", 3, 4)
>>> codec.decode(codec.encode(a)) == a
True
>>> codec.decode_chance(codec.encode_chance(evo_lab.Action("die", 2)))
Action(kind='die', a=2, b=-1, c=-1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import numpy as np

from ...core.errors import EvoLabError
from .actions import (
    ATTACK,
    BID,
    BIRTH,
    CARD,
    DIE,
    END,
    ESCAPE,
    EXCLUDE,
    FLIPPERS,
    GENE,
    INITIATIVE,
    MOVE,
    ORDER,
    PASS,
    PEEK,
    PLAY,
    REMOVE,
    TOKEN,
    WINGS,
    Action,
)
from .observer import node_list

if TYPE_CHECKING:
    from .game import Game
    from .observer import EvoObserver, TensorLayout
    from .state import State


class EncodingError(EvoLabError, ValueError):
    """An action or code outside the encoding of this game."""


def __getattr__(
    name: str,
) -> tuple[str, ...]:  # derived from the flow's node table (the card windows included)
    if name == "NODES":
        return node_list()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class ActionCodec:
    """Dense integer codes for the decisions and chance outcomes of one :class:`~evo_lab.Game`."""

    def __init__(self, game: Game):
        g = self.game = game
        n, P = g.n, g.players
        s = g.data.setup
        self.bid_values = s["bid_max"] + 1
        # the second argument of card plays: every value a card's choices use (Prescience's wheel moves)
        self.shifts = tuple(dict.fromkeys(b for ps in g.card_params for b in ps if b != -1))
        n_cards = len(g.card_ids)
        dec = [
            (BID, P * self.bid_values),
            (INITIATIVE, P),
            (MOVE, n * n),
            (ATTACK, n * n),
            (WINGS, n * n),
            (FLIPPERS, n * n),
            (END, 1),
            (PLAY, n_cards * (1 + len(self.shifts))),
            (PASS, 1),
            (BIRTH, n * (n + 1)),
            (ESCAPE, n),
            (REMOVE, n),
        ]
        ch = [
            (EXCLUDE, g.n_unique),
            (ORDER, P),
            (TOKEN, len(g.token_ids)),
            (PEEK, len(g.token_ids)),
            (GENE, len(g.gene_ids)),
            (CARD, n_cards),
            (DIE, len(g.die_kinds)),
        ]
        self._dec_off, self.num_distinct_actions = _offsets(dec)
        self._ch_off, self.max_chance_outcomes = _offsets(ch)
        self._dec_blocks = sorted((off, k) for k, off in self._dec_off.items())
        self._ch_blocks = sorted((off, k) for k, off in self._ch_off.items())
        self._n = n

    # ----- decisions
    def encode(self, a: Action) -> int:
        """The code of a decision."""
        k, n = a.kind, self._n
        off = self._dec_off.get(k)
        if off is None:
            raise EncodingError(f"{a!r} is not a decision kind of the encoding")
        if k == BID:
            return off + a.a * self.bid_values + a.b
        if k in (MOVE, ATTACK, WINGS, FLIPPERS):
            return off + a.a * n + a.b
        if k in (END, PASS):
            return off
        if k == PLAY:
            return off + a.a * (1 + len(self.shifts)) + (0 if a.b == -1 else 1 + self.shifts.index(a.b))
        if k == BIRTH:
            return off + a.a * (n + 1) + (a.b + 1)
        return off + a.a  # initiative, escape, remove

    def decode(self, code: int) -> Action:
        """The decision with this code."""
        code = int(code)
        if not 0 <= code < self.num_distinct_actions:
            raise EncodingError(f"action code {code} outside 0..{self.num_distinct_actions - 1}")
        off, k = _block(self._dec_blocks, code)
        x, n = code - off, self._n
        if k == BID:
            return Action(k, x // self.bid_values, x % self.bid_values)
        if k in (MOVE, ATTACK, WINGS, FLIPPERS):
            return Action(k, x // n, x % n)
        if k in (END, PASS):
            return Action(k)
        if k == PLAY:
            c, j = divmod(x, 1 + len(self.shifts))
            return Action(k, c, -1 if j == 0 else self.shifts[j - 1])
        if k == BIRTH:
            sp, r = divmod(x, n + 1)
            return Action(k, sp, r - 1)
        return Action(k, x)

    # ----- chance
    def encode_chance(self, a: Action) -> int:
        off = self._ch_off.get(a.kind)
        if off is None:
            raise EncodingError(f"{a!r} is not a chance outcome kind")
        return off + a.a

    def decode_chance(self, code: int) -> Action:
        code = int(code)
        if not 0 <= code < self.max_chance_outcomes:
            raise EncodingError(f"chance code {code} outside 0..{self.max_chance_outcomes - 1}")
        off, k = _block(self._ch_blocks, code)
        return Action(k, code - off)

    def legal_codes(self, state: State) -> list[int]:
        """Sorted codes of the legal decisions (or chance outcomes) at ``state``."""
        acts = state.legal_actions()
        if state.is_chance_node():
            return sorted(self.encode_chance(a) for a in acts)
        return sorted(self.encode(a) for a in acts)

    def action_mask(self, state: State) -> np.ndarray:
        """A 0/1 ``int8`` vector over the decisions, 1 where legal."""
        m = np.zeros(self.num_distinct_actions, dtype=np.int8)
        if not state.is_chance_node() and not state.is_terminal():
            m[[self.encode(a) for a in state.legal_actions()]] = 1
        return m


def _offsets(blocks: list[tuple[str, int]]) -> tuple[dict[str, int], int]:
    off, out = 0, {}
    for k, size in blocks:
        out[k] = off
        off += size
    return out, off


def _block(blocks: list[tuple[int, str]], code: int) -> tuple[int, str]:
    best = blocks[0]
    for off, k in blocks:
        if off <= code:
            best = (off, k)
        else:
            break
    return best


class ObservationEncoder:
    """A flat ``float32`` vector of what one player may know: the tensor of the game's observer
    (:class:`~evo_lab.games.evo2e.observer.TensorLayout`), i.e. the encoding of ``state.observation(player)``,
    so it can never show more than the observation does: board occupancy, MP (if seen), dinosaurs, genes, own
    hand, climate, phase and node, the auction, movement points left and whose turn it is."""

    def __init__(self, game: Game):
        self.game = game
        self.layout: TensorLayout = cast("EvoObserver", game.observer).layout()
        self.P, self.n = game.players, game.n
        self.slices = self.layout.slices
        self.size = self.layout.size

    def encode(self, s: State, player: int) -> np.ndarray:
        """The vector for ``player`` (0-based)."""
        v: np.ndarray = self.game.observer.tensor(s, player)
        return v

    def high(self) -> float:
        """An upper bound of every entry (for a ``Box`` space)."""
        return self.layout.high()
