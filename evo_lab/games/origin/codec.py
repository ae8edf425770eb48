"""Dense integer codes of actions and chance outcomes, and the static facts RL frameworks need.

Every decision maps to ``0 .. num_distinct_actions - 1`` and every chance outcome to ``0 .. max_chance_outcomes -
1``; the codes depend only on the game (players, base sets, data pack), never on the state. Animals are numbered by
their id ``1 .. N`` where ``N`` is the number of cards (an animal is a card, ids are never reused), so the blocks
are exact. Each action shape owns a block: ``pass``, ``end``, ``animal`` (card), ``trait`` on one animal ((card,
face) x animal), ``trait`` on a pair ((card, paired face) x animal x animal), ``eat``/``graze``/``hibernate``/
``run``/``accept`` (animal), ``attack``/``pirate``/``mimic`` (animal x animal), ``fat`` (animal x amount), ``tail``
(animal x trait, or animal x paired trait x partner), ``share`` (paired trait x animal x animal); chance: ``first``,
``deal`` (player x card), ``food`` (total), ``roll`` (face), ``rolloff`` (player).

>>> import evo_lab
>>> codec = ActionCodec(evo_lab.make_game("origin", players=2))
>>> codec.decode(codec.encode(("attack", 3, 5)))
Attack(kind='attack', attacker=3, target=5)
>>> codec.decode_chance(codec.encode_chance(("deal", 1, 7)))
Deal(kind='deal', player=1, card=7)
>>> codec.num_distinct_actions, codec.max_chance_outcomes, codec.min_utility, codec.max_utility
(98554, 59, 0.0, 1.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from ...core.errors import EvoLabError, excerpt
from .actions import ACTION_TYPES

if TYPE_CHECKING:
    from .actions import Action, TypedAction
    from .game import OriginGame
    from .state import OriginState

__all__ = ["ActionCodec", "EncodingError", "max_game_length"]


class EncodingError(EvoLabError, ValueError):
    """An action or code outside the encoding of this game."""


#: The items of an action after its kind (animal ids, card and trait indices, players, dice).
Fields = tuple[int, ...]


class _Block:
    """The codes of one action shape ``(kind, length)``: ``enc`` maps the action's fields to ``0 .. size - 1``,
    ``dec`` back; :meth:`action` builds the typed action (:mod:`.actions`)."""

    __slots__ = ("key", "size", "enc", "dec", "off", "cls")

    def __init__(
        self, key: tuple[str, int], size: int, enc: Callable[[Fields], int], dec: Callable[[int], Fields]
    ) -> None:
        self.key, self.size, self.enc, self.dec, self.off = key, size, enc, dec, 0
        self.cls = ACTION_TYPES[key]

    def action(self, x: int) -> TypedAction:
        """The typed action of code ``x`` of this block."""
        return self.cls._make((self.key[0], *self.dec(x)))


def _layout(blocks: list[_Block]) -> tuple[dict[tuple[str, int], _Block], list[_Block], int]:
    off, by_key = 0, {}
    for b in blocks:
        b.off = off
        off += b.size
        by_key[b.key] = b
    return by_key, blocks, off


def _chance_blocks(g: OriginGame) -> list[_Block]:
    """The blocks of the chance outcomes: the first player, a card dealt, the food dice, Running's die, the
    roll-off."""
    n, C = g.players, len(g.card_ids)
    dice, plus = g.food_dice
    top = dice * g.pack.faces_sides + plus
    faces = g.pack.faces_sides
    return [
        _Block(("first", 2), n, lambda f: f[0], lambda i: (i,)),
        _Block(("deal", 3), n * C, lambda f: f[0] * C + f[1], lambda i: (i // C, i % C)),
        _Block(("food", 2), top + 1, lambda f: f[0], lambda i: (i,)),
        _Block(("roll", 2), faces, lambda f: f[0] - 1, lambda i: (i + 1,)),
        _Block(("rolloff", 2), n, lambda f: f[0], lambda i: (i,)),
    ]


class ActionCodec:
    """Dense codes for one :class:`~evo_lab.games.origin.game.OriginGame`."""

    def __init__(self, game: OriginGame) -> None:
        g = self.game = game
        N, C, T = g.deck_size, len(g.card_ids), len(g.trait_ids)
        self.N = N
        paired = [t for t in range(T) if g.target_of[t] == "pair"]
        pidx = {t: i for i, t in enumerate(paired)}
        single = [(c, t) for c in range(C) for t in g.faces[c] if g.target_of[t] != "pair"]
        pair = [(c, t) for c in range(C) for t in g.faces[c] if g.target_of[t] == "pair"]
        sidx, pfidx = {ct: i for i, ct in enumerate(single)}, {ct: i for i, ct in enumerate(pair)}
        K = max(1, sum(k for c, k in enumerate(g.deck0) if g.FAT in g.faces[c]))
        P = len(paired)

        def one(kind: str) -> _Block:
            return _Block((kind, 2), N, lambda f: f[0] - 1, lambda i: (i + 1,))

        def two(kind: str) -> _Block:
            return _Block(
                (kind, 3), N * N, lambda f: (f[0] - 1) * N + f[1] - 1, lambda i: (i // N + 1, i % N + 1)
            )

        dec = [
            _Block(("pass", 1), 1, lambda f: 0, lambda i: ()),
            _Block(("end", 1), 1, lambda f: 0, lambda i: ()),
            _Block(("animal", 2), C, lambda f: f[0], lambda i: (i,)),
            _Block(
                ("trait", 4),
                len(single) * N,
                lambda f: sidx[(f[0], f[1])] * N + f[2] - 1,
                lambda i: (*single[i // N], i % N + 1),
            ),
            _Block(
                ("trait", 5),
                len(pair) * N * N,
                lambda f: (pfidx[(f[0], f[1])] * N + f[2] - 1) * N + f[3] - 1,
                lambda i: (*pair[i // (N * N)], i // N % N + 1, i % N + 1),
            ),
            one("eat"),
            two("attack"),
            _Block(
                ("fat", 3),
                N * K,
                lambda f: (f[0] - 1) * K + f[1] - 1,
                lambda i: (i // K + 1, i % K + 1),
            ),
            two("pirate"),
            one("graze"),
            one("hibernate"),
            one("run"),
            one("accept"),
            _Block(("tail", 3), N * T, lambda f: (f[0] - 1) * T + f[1], lambda i: (i // T + 1, i % T)),
            _Block(
                ("tail", 4),
                N * P * N,
                lambda f: ((f[0] - 1) * P + pidx[f[1]]) * N + f[2] - 1,
                lambda i: (i // (P * N) + 1, paired[i // N % P], i % N + 1),
            ),
            two("mimic"),
            _Block(
                ("share", 4),
                P * N * N,
                lambda f: (pidx[f[0]] * N + f[1] - 1) * N + f[2] - 1,
                lambda i: (paired[i // (N * N)], i // N % N + 1, i % N + 1),
            ),
        ]
        self._dec, self._dec_list, self.num_distinct_actions = _layout(dec)
        self._ch, self._ch_list, self.max_chance_outcomes = _layout(_chance_blocks(g))
        self.min_utility, self.max_utility, self.utility_sum = 0.0, 1.0, 1.0
        self.max_game_length = max_game_length(g)

    @staticmethod
    def _find(blocks: list[_Block], code: int) -> _Block:
        lo, hi = 0, len(blocks) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if blocks[mid].off <= code:
                lo = mid
            else:
                hi = mid - 1
        return blocks[lo]

    def _enc(self, table: dict[tuple[str, int], _Block], a: object, what: str) -> int:
        if not isinstance(a, tuple) or not a:
            raise EncodingError(f"{excerpt(a)} is not an action tuple")
        b = table.get((a[0], len(a))) if isinstance(a[0], str) else None
        if b is None:
            raise EncodingError(f"{excerpt(a)} is not {what} of this game")
        try:
            # a known kind and length: the items after the kind are checked by the decoding below
            x = b.enc(a[1:])
            inside = 0 <= x < b.size
        except (KeyError, TypeError, IndexError, ValueError, OverflowError):
            raise EncodingError(f"{excerpt(a)} is outside the encoding") from None
        if not inside or b.dec(x) != a[1:]:  # a field beyond its range would alias another code
            raise EncodingError(f"{excerpt(a)} is outside the encoding (animal ids 1..{self.N})")
        return b.off + x

    def encode(self, a: Action) -> int:
        """The code of a decision."""
        return self._enc(self._dec, a, "a decision")

    def decode(self, code: int) -> TypedAction:
        code = _code(code, self.num_distinct_actions, "action code")
        if not 0 <= code < self.num_distinct_actions:
            raise EncodingError(f"action code {code} outside 0..{self.num_distinct_actions - 1}")
        b = self._find(self._dec_list, code)
        return b.action(code - b.off)

    def encode_chance(self, a: Action) -> int:
        """The code of a chance outcome."""
        return self._enc(self._ch, a, "a chance outcome")

    def decode_chance(self, code: int) -> TypedAction:
        code = _code(code, self.max_chance_outcomes, "chance code")
        if not 0 <= code < self.max_chance_outcomes:
            raise EncodingError(f"chance code {code} outside 0..{self.max_chance_outcomes - 1}")
        b = self._find(self._ch_list, code)
        return b.action(code - b.off)

    def legal_codes(self, state: OriginState) -> list[int]:
        """Sorted codes of the legal decisions (or chance outcomes) at ``state``."""
        f = self.encode_chance if state.is_chance_node() else self.encode
        return sorted(f(a) for a in state.legal_actions())

    def action_mask(self, state: OriginState) -> npt.NDArray[np.int8]:
        """A 0/1 ``int8`` vector over the decisions, 1 where legal."""
        m = np.zeros(self.num_distinct_actions, dtype=np.int8)
        if not state.is_chance_node() and not state.is_terminal():
            m[[self.encode(a) for a in state.legal_actions()]] = 1
        return m


def _code(code: object, size: int, what: str) -> int:
    """``code`` as an int in ``0..size-1`` (an integer or a numpy integer; anything else an EncodingError)."""
    if isinstance(code, bool) or not isinstance(code, (int, np.integer)) or not 0 <= code < size:
        raise EncodingError(f"{what} {excerpt(code)} outside 0..{size - 1}")
    return int(code)


def max_game_length(g: OriginGame) -> int:
    """A proven upper bound on the number of actions (decisions and chance outcomes) of a game.

    With ``D`` cards, ``n`` players, ``A = D`` (every animal is a card), ``F`` Fat Tissue cards, ``need`` the
    largest food need of an animal (1 + the extra food of every non-stacking trait) and ``bank`` the largest roll:
    turns ``<= (D - 6n) // n + 2`` (each draw deals a card to every player until the deck is empty, then one last
    turn); per turn at most ``n`` development passes and one roll; card plays and deals ``<= D`` each over the game;
    per feeding phase the animals can hold at most ``cap = A * (need + F)`` tokens, so receipts (and the share
    decisions, one per receipt) ``<= 3 cap + A``, real actions ``<= bank + 3A + cap`` (bank tokens, an attack, a
    hibernation and a theft per animal, a fat conversion per token), as many ``end``/``pass`` plus ``n``, and each
    attack at most ``A + 2`` defence decisions and ``A`` Running rolls."""
    D, n = g.deck_size, g.players
    A = D
    F = sum(k for c, k in enumerate(g.deck0) if g.FAT in g.faces[c])
    need = g.base_need + sum(f for t, f in enumerate(g.food_of) if not g.stackable[t])
    bank = g.food_dice[0] * g.pack.faces_sides + g.food_dice[1]
    cap = A * (need + F)
    receipts = 3 * cap + A
    real = bank + 3 * A + cap
    feeding = 2 * real + n + A * (A + 2) + A * A + receipts
    turns = max(0, (D - g.setup["hand_size"] * n)) // n + 2
    return 1 + D + D + turns * (n + 1 + feeding) + 1
