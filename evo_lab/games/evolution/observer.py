"""The one observer of Evolution: hands, face-down food cards and face-down traits are secrets of their owner
until revealed (seed 003 lines 94, 104, 112; seed 004 lines 22-26); everything else on the table is public (the
discard pile is face up: seed 004 line 81; bags are open here: ruling R6, ``Observer`` teaching default).

>>> import evo_lab
>>> s = evo_lab.make_game("evolution", players=2, seed=1).new_initial_state_dealt()
>>> o0, o1 = s.observation(0), s.observation(1)
>>> teacher = s.observation(None)
>>> isinstance(o0["players"][0]["hand"], list), o0["players"][1]["hand"], o1["players"][1]["hand"] == teacher["players"][1]["hand"]
(True, 4, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ...core.draw import draw
from ...core.observer import HIDDEN, Observer, Secret
from .traits import TRAIT_BIT, TRAIT_IDS

if TYPE_CHECKING:
    from .game import Game
    from .model import Species
    from .state import State
    from .svg import Observation
    from .table import Action

__all__ = ["EvolutionObserver", "MAX_SPECIES"]

#: The observation tensor.
FloatVector = npt.NDArray[np.float32]

#: Species slots per player in the observation tensor (more are truncated there, never in the dict).
MAX_SPECIES = 12
_PHASES = ("deal", "food", "play", "feed", "over")


class EvolutionObserver(Observer):
    """Evolution's observer (see the module docstring)."""

    game: Game

    def action_secret(self, state: State, action: object) -> Secret | None:
        k = action[0] if isinstance(action, tuple) and action else None
        if k == "card":
            return Secret("hand", state.pending[0][0]) if state.pending else Secret("pile")
        if k == "food":
            return Secret("food", state.turn)
        if k in ("trait", "replace"):
            return Secret("trait", state.turn)
        return None

    def masked_text(self, state: State, action: Action, secret: Secret) -> str:
        """A hidden history item: ``"draw P2 ?"``, ``"food P1 ?"``, ``"trait P1 ?"``, ``"replace P1 ?"``."""
        word = "draw" if action[0] == "card" else action[0]
        return f"{word} P{secret.owner + 1} ?" if secret.owner is not None else f"{word} ?"

    def observation(self, state: State, viewer: int | None) -> Observation:
        g = state.game
        L = g.labels
        players: list[Observation] = []
        for q, pl in enumerate(state.players):
            own = self.sees(state, viewer, Secret("hand", q))
            sp: list[Observation] = []
            for x in pl.species:
                traits: list[str | None] = [
                    L[c] if c >= 0 else TRAIT_IDS[t] for t, c in zip(x.traits, x.cards)
                ]
                if x.down and not own:
                    traits = [HIDDEN if x.down >> i & 1 else traits[i] for i in range(len(traits))]
                sp.append(
                    {
                        "body": x.body,
                        "pop": x.pop,
                        "food": x.food,
                        "fat": x.fat,
                        "traits": traits,
                        "face_down": [bool(x.down >> i & 1) for i in range(len(x.traits))],
                    }
                )
            fc = pl.food_card
            players.append(
                {
                    "bag": pl.bag,
                    "species": sp,
                    "hand": [L[k] for k in pl.hand] if own else len(pl.hand),
                    "food_card": (L[fc] if own else True) if fc >= 0 else None,
                }
            )
        out: Observation = {
            "variant": state.options.variant,
            "round": state.round,
            "phase": state.phase,
            "first": state.first,
            "turn": state.turn,
            "final": state.final,
            "wh": state.watering_hole,
            "deck_left": state.left,
            "end_deck": state.end_deck,
            "discards": list(state.discards),
            "players": players,
            "pending": [list(x) for x in state.pending],
            "intel": state.action_to_string(state.intel) if state.intel is not None else None,
            "asking": state.asking,
            "food_values_assumed": g.deck.assumed,
        }
        if state.options.climate:
            ev = g.pack.events
            out["climate"] = {
                "position": state.climate_pos,
                "zone": g.pack.zones[state.climate_pos + 4].name,
                "events": {d: (ev[i].name if i >= 0 else None) for d, i in state.events_in_play.items()},
                "event_cards_left": list(state.event_pool),
            }
        return out

    def encode(self, obs: Observation) -> FloatVector:
        """A fixed-length float vector: globals, then per player (bag, hand size, food card placed, species
        slots of body/pop/food/fat/trait bits/face-down count), then the viewer's hand counts and the discards."""
        g = self.game
        n, nk, nt = g.players, len(g.deck.cards), len(TRAIT_IDS)
        v: list[float] = [float(obs["phase"] == p) for p in _PHASES]
        v += [obs["round"], obs["wh"], obs["deck_left"], obs["final"]]
        v += [float(obs["first"] == q) for q in range(n)] + [float(obs["turn"] == q) for q in range(n)]
        pos = obs.get("climate", {}).get("position", 0)
        v += [float(pos == p) for p in range(-4, 5)]
        mine = [0.0] * nk
        for pl in obs["players"]:
            hand = pl["hand"]
            v += [
                pl["bag"],
                len(hand) if isinstance(hand, list) else hand,
                float(pl["food_card"] is not None),
            ]
            for i in range(MAX_SPECIES):
                if i < len(pl["species"]):
                    x = pl["species"][i]
                    bits = [0.0] * nt
                    hidden = 0
                    for t in x["traits"]:
                        if t is None:
                            hidden += 1
                        else:
                            bits[
                                TRAIT_BIT[g.deck.cards[g.label_kind[t]].trait if t in g.label_kind else t]
                            ] = 1.0
                    v += [1.0, x["body"], x["pop"], x["food"], x["fat"], *bits, hidden]
                else:
                    v += [0.0] * (6 + nt)
        viewer = obs.get("viewer")
        if viewer is not None and isinstance(obs["players"][viewer]["hand"], list):
            for lab in obs["players"][viewer]["hand"]:
                mine[g.label_kind[lab]] += 1
        return np.asarray(v + mine + [float(c) for c in obs["discards"]], dtype=np.float32)

    def tensor(self, state: State, viewer: int | None) -> FloatVector:
        obs = self.observation(state, viewer)
        obs["viewer"] = viewer
        return self.encode(obs)

    def tensor_size(self) -> int:
        g = self.game
        n, nk, nt = g.players, len(g.deck.cards), len(TRAIT_IDS)
        return 5 + 4 + 2 * n + 9 + n * (3 + MAX_SPECIES * (6 + nt)) + 2 * nk

    def determinize(self, state: State, viewer: int, rng: np.random.Generator) -> State:
        """Redraw every card ``viewer`` cannot see (other hands, face-down food cards and traits, the deck) from
        the unseen cards. Face-down traits are redrawn among cards whose trait the species does not already carry
        (the no-duplicates rule), so the result is a legal position; this conditioning is approximate."""
        s = state.clone()
        pool = list(s.pool)
        slots: list[tuple[int, str, Species | None, int]] = []  # (player, kind of slot, species, index)
        for q, pl in enumerate(s.players):
            if q == viewer:
                continue
            for k in pl.hand:
                pool[k] += 1
            slots += [(q, "hand", None, i) for i in range(len(pl.hand))]
            if pl.food_card >= 0:
                pool[pl.food_card] += 1
                slots.append((q, "food", None, 0))
            for x in pl.species:
                for i in range(len(x.traits)):
                    if x.down >> i & 1 and x.cards[i] >= 0:
                        pool[x.cards[i]] += 1
                        slots.append((q, "trait", x, i))
        trait_of = s.game.card_trait
        for q, kind, sp, i in slots:
            if sp is not None:  # a face-down trait
                others = {t for j, t in enumerate(sp.traits) if j != i}
                w = [c if trait_of[k] not in others else 0 for k, c in enumerate(pool)]
                if not any(w):
                    w = [c if k == sp.cards[i] else 0 for k, c in enumerate(pool)]
            else:
                w = pool
            k = draw(w, rng)
            pool[k] -= 1
            pl = s.players[q]
            if kind == "hand":
                pl.hand[i] = k
            elif kind == "food":
                pl.food_card = k
            elif sp is not None:
                sp.traits[i], sp.cards[i] = trait_of[k], k
        for q, pl in enumerate(s.players):
            if q != viewer:
                pl.hand.sort()
        s.pool = pool
        s._legal = s._chance_cache = None
        return s
