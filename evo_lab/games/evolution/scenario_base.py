"""The position format of Evolution's scenario presets (:mod:`.scenarios`): :func:`position` writes a short
description of a table as the position envelope ``State.to_dict()`` writes, :class:`Scenario` names one preset,
and the sources a teacher's note cites, by their names (seed 003 the rulebook, seed 002 the Climate rules, seed 004
the online game's manual).

>>> from evo_lab.games.evolution.state import State
>>> boards = [[(2, 1, 0, 0, ["heavy-fur"])], [(1, 1, 0, 0, [])]]
>>> s = State.from_dict(position("evolution-climate", boards, watering_hole=2, climate=-1))
>>> s.climate_pos, s.players[0].species[0].has("heavy-fur"), s.phase
(-1, True, 'feed')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.records import POSITION, envelope
from ...core.registry import make_game
from .traits import TRAIT_BIT

if TYPE_CHECKING:
    from .game import Game
    from .state import State
    from .table import JSON

    #: a species of a scenario: ``(body, population, food, fat, [cards])``, a card ``"horns+2 down"`` face down
    SpeciesSpec = tuple[int, int, int, int, Sequence[str]]

__all__ = ["CLIMATE", "CLIMATE_READING", "ONLINE", "READING", "RULEBOOK", "Scenario", "position"]


def _take(game: Game, pool: list[int], card: str) -> int:
    """The kind of a card taken out of the unseen pool: a label (``"horns+2"``) or a trait (any card of it)."""
    k = game.label_kind.get(card)
    if k is None:
        k = next((i for i, c in enumerate(game.deck.cards) if c.trait == card and pool[i] > 0), -1)
    if k < 0 or pool[k] <= 0:
        raise ValueError(f"no card {card!r} left in the {game.variant} deck")
    pool[k] -= 1
    return k


def _species(game: Game, pool: list[int], spec: SpeciesSpec) -> list[JSON]:
    """``(body, population, food, fat, [cards])`` as the position format's species list; a card written
    ``"horns+2 down"`` lies face down."""
    body, pop, food, fat, cards = spec
    kinds: list[int] = []
    down = 0
    for i, c in enumerate(cards):
        name, _, flag = c.partition(" ")
        kinds.append(_take(game, pool, name))
        down |= (1 << i) if flag == "down" else 0
    traits = [TRAIT_BIT[game.deck.cards[k].trait] for k in kinds]
    return [body, pop, food, fat, traits, kinds, down, 0]


def position(
    game_id: str,
    boards: Sequence[Sequence[SpeciesSpec]],
    *,
    hands: Sequence[Sequence[str]] | None = None,
    food_cards: Sequence[str | None] | None = None,
    bags: Sequence[int] | None = None,
    watering_hole: int = 0,
    phase: str = "feed",
    turn: int = 0,
    first: int = 0,
    round: int = 3,
    climate: int = 0,
    events: Mapping[str, str] | None = None,
) -> dict[str, JSON]:
    """A position of game ``game_id`` (``"evolution"``, ``"evolution-climate"``) in its own format (the
    envelope of ``State.to_dict()``): ``boards[p]`` lists player ``p``'s species left to right as ``(body,
    population, food, fat, [cards])``; ``hands[p]`` and ``food_cards[p]`` (``None``: none placed) name cards by
    label or trait; ``phase`` and ``turn`` say who acts; Climate: the marker ``climate`` (-4..4) and the event
    card in play under each deck, ``events={"cold": "Ice Storm", "hot": "Heat Wave"}``."""
    game: Game = make_game(game_id, players=len(boards))
    pool = [c.count for c in game.deck.cards]
    players: list[JSON] = []
    for p, row in enumerate(boards):
        species = [_species(game, pool, sp) for sp in row]
        hand = sorted(_take(game, pool, c) for c in (hands[p] if hands else []))
        fc = food_cards[p] if food_cards else None
        players.append([species, hand, bags[p] if bags else 0, _take(game, pool, fc) if fc else -1])
    left, end_deck = sum(pool), 0
    if game.options.end_rule == "end_deck":
        end_deck = min(game.pack.climate_meta["end_deck"], left)
        left -= end_deck
    body: dict[str, JSON] = {
        "players": players,
        "wh": watering_hole,
        "first": first,
        "phase": phase,
        "turn": turn,
        "round": round,
        "final": 0,
        "pool": pool,
        "left": left,
        "gone": 0,
        "end_deck": end_deck,
        "discards": [0] * len(pool),
        "pending": [],
        "out": 0,
        "seek": False,
        "intel": None,
    }
    if game.options.climate:
        names = [e.name for e in game.pack.events]
        in_play = {deck: names.index(name) for deck, name in (events or {}).items()}
        event_pool = [
            e.count - sum(1 for i in in_play.values() if i == k) for k, e in enumerate(game.pack.events)
        ]
        body["climate"] = {
            "pos": climate,
            "pool": event_pool,
            "in_play": {"cold": -1, "hot": -1, **in_play},
            "used": "",
            "pending": [],
        }
    return envelope(POSITION, game.name, game.version, game.to_dict(), state=body)


@dataclass(frozen=True)
class Scenario:
    """One preset: ``game`` (its registry id) and ``position`` (the keyword arguments of :func:`position`)."""

    id: str
    title: str
    note: str
    rule: str
    shows: str | None
    game: str = "evolution"
    position: dict[str, Any] = field(default_factory=dict)
    #: for developers: the seed lines and rulings behind ``rule`` (the docs' table shows them)
    source: str = ""

    def build(self) -> State:
        """A fresh state of this position, read by the game's own loader (which checks every field)."""
        from .state import State

        s: State = State.from_dict(position(self.game, **self.position))
        s.check_invariants()
        return s


#: The sources as a teacher names them (seed 003, seed 002 and seed 004).
RULEBOOK = "Evolution rulebook (North Star Games)"
CLIMATE = "Evolution: Climate rules (North Star Games)"
ONLINE = "the online Evolution game's manual"
#: A ruling of the kit where the rulebooks are silent or unclear, as a teacher reads it (the ruling's number is in the
#: scenario's ``source``, for developers).
READING = "the kit's reading (documented on the kit's Evolution page, under Rulings)"
CLIMATE_READING = (
    "the climate zones' effects on plant food and population are assumed values, and an event card strikes only when "
    "the marker moves into one of its regions"
)
