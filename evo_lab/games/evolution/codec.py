"""A dense action codec for OpenSpiel / PettingZoo adapters: every action and chance outcome of a game <-> an
int in ``range(num_distinct_actions())``, plus the game's static facts (``max_chance_outcomes``,
``max_game_length``, utility bounds).

Blocks, in order (``K`` card kinds, ``S`` species slots per player, ``T`` trait slots, ``P`` players, ``NT``
traits, ``M`` track maximum, ``E`` climate events): food K | new 2K | body, pop, trait 3SK | replace STK |
drop ST | pass 1 | eat S | eat-intelligence S | store SM | attack SPS | attack-negate SPS*NT | discard K |
draw K | event E. Chance outcomes have their own codes (:meth:`ActionCodec.encode_chance`): a card draw
``("card", k)`` is ``k``, a Climate event ``("event", deck, i)`` is ``K + i``.

>>> import evo_lab
>>> g = evo_lab.make_game("evolution", players=3, seed=0)
>>> c = ActionCodec(g)
>>> a = ("attack", 0, 2, 1)
>>> c.decode(c.encode(a)) == a, c.encode(("pass",)) < c.num_distinct_actions()
(True, True)
>>> c.decode_chance(c.encode_chance(("card", 7))), c.max_chance_outcomes() == len(g.deck.cards)
(Card(kind='card', card=7), True)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from ...core.errors import EvoLabError, excerpt
from .actions import Action as TypedAction
from .actions import typed
from .traits import TRAIT_IDS

if TYPE_CHECKING:
    from .game import Game
    from .table import Action

__all__ = ["ActionCodec", "EncodingError"]


class EncodingError(EvoLabError, ValueError):
    """A code or an action outside the dense encoding (the message quotes a short excerpt of it)."""


def _int(x: object) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


class ActionCodec:
    def __init__(self, game: Game, species_slots: int | None = None):
        o = game.options
        self.game = game
        self.K = len(game.deck.cards)
        self.S = species_slots or (o.boards if o.boards else 24)
        self.T = o.max_traits
        self.P = game.players
        self.NT = len(TRAIT_IDS)
        self.M = o.max_track
        self.E = len(game.pack.events) if o.climate else 0
        K, S, T, P, NT, M = self.K, self.S, self.T, self.P, self.NT, self.M
        sizes = [
            ("food", K),
            ("new", 2 * K),
            ("body", S * K),
            ("pop", S * K),
            ("trait", S * K),
            ("replace", S * T * K),
            ("drop", S * T),
            ("pass", 1),
            ("eat", S),
            ("eat_intel", S),
            ("store", S * M),
            ("attack", S * P * S),
            ("attack_neg", S * P * S * NT),
            ("discard", K),
            ("card", K),
            ("event", self.E),
        ]
        self.offset: dict[str, int] = {}
        n = 0
        for name, size in sizes:
            self.offset[name] = n
            n += size
        self.size = n
        self._blocks = sorted(((off, name) for name, off in self.offset.items()), reverse=True)

    def num_distinct_actions(self) -> int:
        return self.size

    def max_chance_outcomes(self) -> int:
        """Chance codes: card kinds, then Climate events."""
        return self.K + self.E

    def encode_chance(self, a: object) -> int:
        """The code of a chance outcome: ``("card", k)`` -> ``k``, ``("event", deck, i)`` -> ``K + i``."""
        if isinstance(a, tuple) and len(a) == 2 and a[0] == "card" and _int(a[1]) and 0 <= a[1] < self.K:
            return int(a[1])
        if isinstance(a, tuple) and len(a) == 3 and a[0] == "event" and _int(a[2]) and 0 <= a[2] < self.E:
            return self.K + int(a[2])
        raise EncodingError(f"not a chance outcome of this game: {excerpt(a)}")

    def decode_chance(self, n: int) -> TypedAction:
        if not _int(n) or not 0 <= n < self.K + self.E:
            raise EncodingError(f"{excerpt(n)} is not a chance outcome id (0..{self.K + self.E - 1})")
        n = int(n)
        if n < self.K:
            return self.game.card_outcomes[n]
        return self.game.event_outcomes[n - self.K]

    def min_utility(self) -> float:
        return 0.0

    def max_utility(self) -> float:
        return 1.0

    def utility_sum(self) -> float:
        """Returns are win shares: they sum to 1 at the end of every game."""
        return 1.0

    def max_game_length(self) -> int:
        """An upper bound on actions (decisions and chance) in one game: rounds x (deals + food cards + plays +
        passes + feedings), where each deck pass lasts at most size / (P x hand_base) rounds, two passes with the
        reshuffle, +2 rounds; feedings per round are bounded by the food the boards can hold (twice, for
        Intelligence discards)."""
        g, o = self.game, self.game.options
        rounds = 2 * math.ceil(g.deck.size / (self.P * o.hand_base)) + 2
        per_round = (g.deck.size + self.P * (2 + o.hand_base)) * 2 + 2 * self.P * self.S * (
            2 * self.M + 1
        ) * 2
        return rounds * per_round + 2 * self.E

    # ----- encode / decode
    def encode(self, a: object) -> int:
        """The code of decision ``a`` (anything that is not one: :class:`EncodingError`)."""
        if not isinstance(a, tuple) or not a or not all(_int(x) or isinstance(x, str) for x in a):
            raise EncodingError(f"not an action of this game: {excerpt(a)}")
        try:
            code = self._encode(a)
        except (KeyError, TypeError, IndexError, ValueError):
            raise EncodingError(f"not an action of this game: {excerpt(a)}") from None
        # a field beyond its range aliases another code
        if not 0 <= code < self.size or self._decode(code) != a:
            raise EncodingError(f"not an action of this game: {excerpt(a)}")
        return code

    def _encode(self, a: Action) -> int:
        K, S, T, P, NT, M = self.K, self.S, self.T, self.P, self.NT, self.M
        k = a[0]
        off = self.offset
        if k in ("food", "discard", "card"):
            return int(off[k] + a[1])
        if k == "new":
            return int(off["new"] + (0 if a[1] == "L" else K) + a[2])
        if k in ("body", "pop", "trait"):
            return int(off[k] + self._sp(a[1]) * K + a[2])
        if k == "replace":
            return int(off[k] + (self._sp(a[1]) * T + a[2]) * K + a[3])
        if k == "drop":
            return int(off[k] + self._sp(a[1]) * T + a[2])
        if k == "pass":
            return off["pass"]
        if k == "eat":
            return int(off["eat_intel" if len(a) == 3 else "eat"] + self._sp(a[1]))
        if k == "store":
            return int(off["store"] + self._sp(a[1]) * M + (a[2] - 1))
        if k == "attack":
            base = (self._sp(a[1]) * P + a[2]) * S + self._sp(a[3])
            if len(a) == 5:
                return int(off["attack_neg"] + base * NT + a[4])
            return int(off["attack"] + base)
        if k == "event":
            return int(off["event"] + a[2])
        raise EncodingError(f"not an action of this game: {excerpt(a)}")

    def _sp(self, i: int) -> int:
        if not 0 <= i < self.S:
            raise EncodingError(f"species index {excerpt(i)} is beyond the codec's {self.S} slots")
        return i

    def decode(self, n: int) -> TypedAction:
        """The typed action (:mod:`.actions`) of code ``n``."""
        if not _int(n) or not 0 <= n < self.size:
            raise EncodingError(f"{excerpt(n)} is not an action id (0..{self.size - 1})")
        return typed(self._decode(int(n)))

    def _decode(self, n: int) -> Action:
        K, S, T, P, NT, M = self.K, self.S, self.T, self.P, self.NT, self.M
        for off, name in self._blocks:
            if n >= off and (name != "event" or self.E):
                r = n - off
                break
        if name in ("food", "discard", "card"):
            return (name, r)
        if name == "new":
            return ("new", "L" if r < K else "R", r % K)
        if name in ("body", "pop", "trait"):
            return (name, r // K, r % K)
        if name == "replace":
            return ("replace", r // (T * K), (r // K) % T, r % K)
        if name == "drop":
            return ("drop", r // T, r % T)
        if name == "pass":
            return ("pass",)
        if name == "eat":
            return ("eat", r)
        if name == "eat_intel":
            return ("eat", r, "intel")
        if name == "store":
            return ("store", r // M, r % M + 1)
        if name == "attack":
            return ("attack", r // (P * S), (r // S) % P, r % S)
        if name == "attack_neg":
            t, base = r % NT, r // NT
            return ("attack", base // (P * S), (base // S) % P, base % S, t)
        deck = self.game.pack.events[r].deck
        return ("event", deck, r)
