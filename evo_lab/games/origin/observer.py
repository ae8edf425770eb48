"""What each player may see: ONE visibility rule (the core's ``sees``) over three kinds of secret.

* ``Secret("hand", p)``: the cards in player ``p``'s hand (others see how many);
* ``Secret("face", p)``: the card under each of ``p``'s animals (played face down) and the animal cards in ``p``'s
  discard pile (seed: "Player can look at cards on his own discard pile but [not] in piles of other players");
* the deck's order and the cards out of the game (the box): nobody.

Trait cards are face up, so everything on the table, the bank, the discard piles' trait cards and their sizes are
public. Dealing a card (``deal P1 swim``) and playing a card as an animal (``animal swim``) are masked for the
others (``deal P1 ?``, ``animal ?``). :meth:`OriginObserver.determinize` redraws every card a viewer cannot see
from the exact pool of unseen cards, one card at a time with :func:`evo_lab.core.draw.draw`.

>>> import evo_lab, numpy as np
>>> g = evo_lab.make_game("origin", players=3, seed=2)
>>> s = g.new_initial_state_dealt(np.random.default_rng(2))
>>> obs = s.observation(0)
>>> obs["hands"][0]["cards"] is not None, obs["hands"][1]["cards"] is None, obs["hands"][1]["size"]
(True, True, 6)
>>> d = s.determinize(0, np.random.default_rng(5))
>>> d.observation(0) == obs and d.hands[0] == s.hands[0]
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ...core.draw import draw
from ...core.observer import Observer, Secret

if TYPE_CHECKING:
    from .game import OriginGame
    from .actions import Action
    from .model import JSONObject, Animal
    from .state import OriginState

__all__ = ["OriginObserver"]

NODES = ("first", "deal", "develop", "food", "feed", "defend", "share", "run", "rolloff", "end")
PHASE_LIST = ("setup", "development", "food", "feeding", "deal", "rolloff", "over")


class OriginObserver(Observer):
    """The observer of *Evolution: The Origin of Species* (one per game)."""

    game: OriginGame

    def __init__(self, game: OriginGame) -> None:
        super().__init__(game)
        g = game
        self.C, self.T, self.N, self.P = len(g.card_ids), len(g.trait_ids), g.deck_size, g.players
        self.L = sum(
            c * sum(1 for f in g.faces[i] if g.target_of[f] == "pair") for i, c in enumerate(g.deck0)
        )
        self.paired = [t for t in range(self.T) if g.target_of[t] == "pair"]
        self._layout()

    # ------------------------------------------------------------------ visibility
    def action_secret(self, state: OriginState, action: Action) -> Secret | None:
        k = action[0] if isinstance(action, tuple) and action else None
        if k == "animal":
            return Secret("face", state.mover)
        if k == "deal":
            return Secret("hand", action[1])
        return None

    def masked_text(self, state: OriginState, action: Action, secret: Secret) -> str:
        if action[0] == "deal":
            return f"deal P{action[1] + 1} ?"
        return "animal ?"

    # ------------------------------------------------------------------ the observation dict
    def observation(self, state: OriginState, viewer: int | None) -> JSONObject:
        s, g = state, state.game
        ids, ab = g.card_ids, g.abbr

        def counts(v: list[int]) -> dict[str, int]:
            return {ids[c]: k for c, k in enumerate(v) if k}

        hands: list[JSONObject] = [
            {
                "size": s.hand_sizes[p],
                "cards": counts(s.hands[p]) if self.sees(s, viewer, Secret("hand", p)) else None,
            }
            for p in range(g.players)
        ]
        animals: list[list[JSONObject]] = []
        for p, row in enumerate(s.rows):
            face = self.sees(s, viewer, Secret("face", p))
            animals.append([self._animal(s, s.animal_by_id[x], face) for x in row])
        disc: list[JSONObject] = []
        for p in range(g.players):
            face = self.sees(s, viewer, Secret("face", p))
            disc.append(
                {
                    "size": len(s.discard_open[p]) + len(s.discard_hidden[p]),
                    "open": sorted(ids[c] for c in s.discard_open[p]),
                    "hidden_size": len(s.discard_hidden[p]),
                    "hidden": sorted(ids[c] for c in s.discard_hidden[p]) if face else None,
                }
            )
        return {
            "viewer": viewer,
            "players": g.players,
            "turn": s.turn,
            "first": s.first,
            "phase": s.phase_name(),
            "node": s.node,
            "to_act": s.current_player(),
            "last_turn": s.deck_n == 0,
            "bank": s.bank,
            "deck_size": s.deck_n,
            "box_size": sum(s.box),
            "round": s.round_id,
            "passed": list(s.passed),
            "acted": s.acted,
            "ate": s.ate,
            "actor": s.actor,
            "hands": hands,
            "animals": animals,
            "links": [
                {
                    "trait": ab[L.kind],
                    "a": L.a,
                    "b": L.b,
                    "card": ids[L.card],
                    "used_now": L.used == s.stamp(g.options.paired_limit),
                }
                for L in s.links
            ],
            "discard": disc,
            "attack": None
            if s.attack is None
            else {"attacker": s.attack[0], "target": s.attack[1], "running": s.attack[2]},
            "shares": [[ab[k], x, y] for k, x, y in s.pending_shares],
            "deal_to": s.deal_to,
            "scores": s.current_scores(),
            "winner": s.winner if s.is_terminal() else None,
        }

    def _animal(self, s: OriginState, a: Animal, face: bool) -> JSONObject:
        g = s.game
        from .model import fed

        return {
            "id": a.id,
            "owner": a.owner,
            "card": g.card_ids[a.card] if face else None,
            "traits": [g.abbr[t] for t, _ in a.traits],
            "trait_cards": [g.card_ids[c] for _, c in a.traits],
            "need": a.need,
            "red": a.red,
            "blue": a.blue,
            "fat": a.fat,
            "fat_full": a.fat_full,
            "fed": fed(a),
            "sleeping": a.sleeping,
            "poisoned": a.poisoned,
            "protected": a.protectors,
            "used": s.stamps_used(a.id),
        }

    # ------------------------------------------------------------------ determinization
    def determinize(self, state: OriginState, viewer: int, rng: np.random.Generator) -> OriginState:
        """A copy with every card ``viewer`` cannot see redrawn: the others' hands, the cards under the others'
        animals and in their discard piles' face-down part, the box and the deck."""
        s = state.clone()
        g = s.game
        pool = [a + b for a, b in zip(s.deck, s.box)]
        others = [q for q in range(g.players) if q != viewer]
        for q in others:
            for c, k in enumerate(s.hands[q]):
                pool[c] += k
            for x in s.rows[q]:
                pool[s.animal_by_id[x].card] += 1
            for c in s.discard_hidden[q]:
                pool[c] += 1

        def take() -> int:
            c = draw(pool, rng)
            pool[c] -= 1
            return c

        for q in others:
            h = [0] * len(pool)
            for _ in range(s.hand_sizes[q]):
                h[take()] += 1
            s.hands[q] = h
            for x in s.rows[q]:
                s.animal_by_id[x].card = take()
            s.discard_hidden[q] = [take() for _ in s.discard_hidden[q]]
        box = [0] * len(pool)
        for _ in range(sum(s.box)):
            box[take()] += 1
        s.box, s.deck = box, pool
        s.deck_n = sum(pool)
        s._legal = s._chance_cache = None
        return s

    # ------------------------------------------------------------------ the tensor
    def _layout(self) -> None:
        P, C, T, N, L = self.P, self.C, self.T, self.N, self.L
        parts = [
            ("viewer", P + 1),
            ("to_act", P + 2),
            ("phase", len(PHASE_LIST)),
            ("node", len(NODES)),
            ("scalars", 8),
            ("first", P),
            ("actor", P),
            ("passed", P),
            ("hand_size", P),
            ("hands", P * C),
            ("disc_size", P),
            ("disc_open", P * C),
            ("disc_hidden", P * C),
            ("scores", P),
            ("winner", P),
            ("attack", 2 * N + 3),
            ("deal_to", P),
            ("animals", N * (1 + P + C + T + 13)),
            ("links", L * (len(self.paired) + 2 * N + 1)),
            ("shares", 1),
        ]
        self.slices: dict[str, slice] = {}
        off = 0
        for name, size in parts:
            self.slices[name] = slice(off, off + size)
            off += size
        self.size = off

    def encode(self, obs: JSONObject) -> npt.NDArray[np.float32]:
        """The observation dict as a fixed-length ``float32`` vector (layout in ``self.slices``)."""
        g, P, C, N = self.game, self.P, self.C, self.N
        v = np.zeros(self.size, dtype=np.float32)
        sl = self.slices
        v[sl["viewer"].start + (P if obs["viewer"] is None else obs["viewer"])] = 1
        v[sl["to_act"].start + (obs["to_act"] if obs["to_act"] >= 0 else P + (obs["to_act"] != -1))] = 1
        v[sl["phase"].start + PHASE_LIST.index(obs["phase"])] = 1
        v[sl["node"].start + NODES.index(obs["node"])] = 1
        v[sl["scalars"]] = [
            obs["turn"],
            obs["bank"],
            obs["deck_size"],
            obs["box_size"],
            obs["last_turn"],
            obs["acted"],
            obs["ate"],
            obs["round"],
        ]
        v[sl["first"].start + obs["first"]] = 1
        v[sl["actor"].start + obs["actor"]] = 1
        ci = g.card_index
        for p in range(P):
            v[sl["passed"].start + p] = obs["passed"][p]
            hd = obs["hands"][p]
            v[sl["hand_size"].start + p] = hd["size"]
            for c, k in (hd["cards"] or {}).items():
                v[sl["hands"].start + p * C + ci[c]] = k
            d = obs["discard"][p]
            v[sl["disc_size"].start + p] = d["size"]
            for c in d["open"]:
                v[sl["disc_open"].start + p * C + ci[c]] += 1
            for c in d["hidden"] or ():
                v[sl["disc_hidden"].start + p * C + ci[c]] += 1
            v[sl["scores"].start + p] = obs["scores"][p]
        if obs["winner"] is not None and obs["winner"] >= 0:
            v[sl["winner"].start + obs["winner"]] = 1
        if obs["attack"]:
            at = obs["attack"]
            o = sl["attack"].start
            v[o + at["attacker"] - 1] = 1
            v[o + N + at["target"] - 1] = 1
            v[o + 2 * N + at["running"]] = 1
        if obs["deal_to"] >= 0:
            v[sl["deal_to"].start + obs["deal_to"]] = 1
        self._encode_table(obs, v)
        v[sl["shares"].start] = len(obs["shares"])
        return v

    def _encode_table(self, obs: JSONObject, v: npt.NDArray[np.float32]) -> None:
        g, P, C, T, N = self.game, self.P, self.C, self.T, self.N
        per = 1 + P + C + T + 13
        base = self.slices["animals"].start
        ti = g.abbr_index
        for row in obs["animals"]:
            for a in row:
                o = base + (a["id"] - 1) * per
                v[o] = 1
                v[o + 1 + a["owner"]] = 1
                if a["card"] is not None:
                    v[o + 1 + P + g.card_index[a["card"]]] = 1
                for t in a["traits"]:
                    v[o + 1 + P + C + ti[t]] += 1
                u = a["used"]
                v[o + 1 + P + C + T : o + per] = [
                    a["need"],
                    a["red"],
                    a["blue"],
                    a["fat"],
                    a["fat_full"],
                    a["fed"],
                    a["sleeping"],
                    a["poisoned"],
                    a["protected"],
                    u["attack"],
                    u["piracy"],
                    u["mimicry"],
                    u["grazing"],
                ]
        lo = self.slices["links"].start
        k = len(self.paired)
        per_l = k + 2 * N + 1
        for i, L in enumerate(obs["links"]):
            o = lo + i * per_l
            v[o + self.paired.index(ti[L["trait"]])] = 1
            v[o + k + L["a"] - 1] = 1
            v[o + k + N + L["b"] - 1] = 1
            v[o + k + 2 * N] = L["used_now"]
