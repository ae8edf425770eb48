"""Evolution in words: cards and traits by their printed names, species as "P3's species 1 (carnivore, body 3,
population 2)", every action, chance outcome and rules event as a sentence, what each node asks for, and the
position as text (``str(state)``). The action *notation* (:mod:`.notation`: ``attack 1 P2.3``, ``horns+2``) stays
the terse form ``parse_action`` reads; a person reads these words (the story, the kit, the demo).

>>> import evo_lab
>>> g = evo_lab.make_game("evolution", players=2, seed=0)
>>> card_words(g, g.label_kind["fat-tissue-1"]), trait_words(g, "warning-call")
('Fat Tissue (food -1)', 'Warning Call')
>>> from .positions import from_boards
>>> s = from_boards(g, [[(3, 2, 0, 0, ["carnivore"])], [(2, 3, 0, 0, ["horns"])]], watering_hole=3)
>>> action_words(s, s.parse_action("attack 1 P2.1"))
"P1's species 1 (carnivore, body 3, population 2) attacks P2's species 1 (body 2, population 3)"
>>> node_words(s), phase_words(s)                  # what P1 may do now: a carnivore eats no plants, no pass
('attack with a carnivore', 'feeding')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.words import plural
from .events import (
    WHY_WORDS,
    Ate,
    Attacked,
    CardsDrawn,
    ClimateHit,
    ClimateMoved,
    Event,
    Extinct,
    FoodRevealed,
    Grew,
    Reshuffled,
    Stored,
    fat_words,
)
from .traits import TRAIT_IDS

if TYPE_CHECKING:
    from .game import Game
    from .state import State
    from .table import Action

__all__ = [
    "PHASE_WORDS",
    "action_words",
    "blocker_words",
    "card_words",
    "event_words",
    "label_words",
    "node_words",
    "phase_words",
    "species_words",
    "state_text",
    "step_words",
    "trait_words",
]

#: The phases of a round (seed 003: deal cards, select food cards, play cards, feeding) as the status line says them.
PHASE_WORDS = {
    "deal": "the deal",
    "food": "food cards",
    "play": "playing cards",
    "feed": "feeding",
    "over": "game over",
}
#: Where food comes from, and why a species took it (the engine's ``Ate.why``), in words.
_SOURCE = {"wh": "the watering hole", "bank": "the food bank"}
_WHY = WHY_WORDS


def trait_words(game: Game, trait: str | int) -> str:
    """A trait by its printed name (``"warning-call"`` or its bit -> ``"Warning Call"``)."""
    tid = TRAIT_IDS[trait] if isinstance(trait, int) else trait
    entry = game.pack.traits.get(tid)
    return entry[0] if entry else tid.replace("-", " ").title()


def card_words(game: Game, kind: int) -> str:
    """A card by its trait's printed name and its food value (and Climate icons): ``"Horns (food +2)"``,
    ``"Heavy Fur (food +3, 1 snowflake)"``."""
    c = game.deck.cards[kind]
    icons = ([plural(c.sun, "sun icon")] if c.sun else []) + ([plural(c.snow, "snowflake")] if c.snow else [])
    return f"{trait_words(game, c.trait)} (food {c.food:+d}{''.join(', ' + i for i in icons)})"


def label_words(game: Game, label: str | None) -> str:
    """A card label of the observation (``"horns+2"``, a bare trait id, or ``None`` for a face-down card) in
    words."""
    if label is None:
        return "a face-down card"
    k = game.label_kind.get(label)
    return card_words(game, k) if k is not None else trait_words(game, label)


def species_words(state: State, q: int, j: int, *, owner: bool = True) -> str:
    """Species ``j`` of player ``q`` as a person names it: ``"P3's species 1 (carnivore, body 3, population 2)"``
    (only face-up traits are told: a face-down card is its owner's secret). ``owner=False``: without "P3's"."""
    row = state.players[q].species
    head = f"P{q + 1}'s species {j + 1}" if owner else f"species {j + 1}"
    if not 0 <= j < len(row):
        return head
    sp = row[j]
    carn = "carnivore, " if sp.has("carnivore") else ""
    return f"{head} ({carn}body {sp.body}, population {sp.pop})"


def _own(state: State, j: int) -> str:
    """A species of the player to act, named with its owner ("P1's species 2 (body 1, population 1)"): an
    action line read alone (the action list, the history) still says whose species it is."""
    p = state.current_player()
    return species_words(state, p, j) if p >= 0 else f"species {j + 1}"


def _slot(state: State, j: int, slot: int) -> str:
    """The trait in ``slot`` of species ``j`` of the player to act (its name: the owner sees their own cards)."""
    p = state.current_player()
    try:
        return trait_words(state.game, state.players[p].species[j].traits[slot])
    except (IndexError, TypeError):
        return f"trait {slot + 1}"


def action_words(state: State, a: Action) -> str:
    """Action ``a`` (a tuple of the game, about to be applied at ``state``) in words, with who does it."""
    g = state.game
    k = a[0]
    p = state.current_player()
    who = f"P{p + 1}" if p >= 0 else "Chance"
    if k == "card":
        q = state.pending[0][0] if state.pending else -1
        return f"P{q + 1} draws {card_words(g, a[1])}"
    if k == "event":
        e = g.pack.events[a[2]]
        return f"the {a[1]} event deck shows {e.name} (food {e.food:+d}, exposed species lose {e.loss} population)"
    if k == "food":
        return f"{who} puts {card_words(g, a[1])} face down as their food card"
    if k == "trait":
        return f"{who} plays {card_words(g, a[2])} face down as a trait on {_own(state, a[1])}"
    if k == "replace":
        return (
            f"{who} replaces {_slot(state, a[1], a[2])} on {_own(state, a[1])} with {card_words(g, a[3])} "
            "(face down)"
        )
    if k == "drop":
        return f"{who} discards {_slot(state, a[1], a[2])} from {_own(state, a[1])}"
    if k == "new":
        return f"{who} discards {card_words(g, a[2])} for a new species at the {'left' if a[1] == 'L' else 'right'} end"
    if k in ("body", "pop"):
        what = "body size" if k == "body" else "population"
        return f"{who} discards {card_words(g, a[2])} for +1 {what} on {_own(state, a[1])}"
    if k == "pass":
        return _pass_words(state, who)
    if k == "eat":
        return _eat_words(state, who, a)
    if k == "store":
        return f"{who} stores {a[2]} food on the Fat Tissue of {_own(state, a[1])}"
    if k == "attack":
        off = f", disabling {trait_words(g, a[4])} with Intelligence" if len(a) == 5 else ""
        return f"{species_words(state, p, a[1])} attacks {species_words(state, a[2], a[3])}{off}"
    if k == "discard":
        return f"{who} discards {card_words(g, a[1])} to use Intelligence"
    return f"{who} {k}"


def _pass_words(state: State, who: str) -> str:
    if state.phase == "feed" and getattr(state, "asking", -1) >= 0:
        return f"{who} does not use the Intelligence of {_own(state, state.asking)} before eating"
    return f"{who} passes" if state.phase == "play" else f"{who} forgoes feeding this round"


def _eat_words(state: State, who: str, a: Action) -> str:
    if len(a) == 3 and getattr(state, "asking", -1) >= 0:
        return (
            f"{who} uses the Intelligence of {_own(state, a[1])} before eating (discards a card, takes plant "
            "food from the bank)"
        )
    how = " with Intelligence (plant food from the bank)" if len(a) == 3 else " from the watering hole"
    return f"{who} feeds {_own(state, a[1])}{how}"


def event_words(game: Game, e: Event, before: State | None = None) -> str:
    """A rules event (:mod:`.events`) as a sentence. ``before``: the state before the action that caused it (its
    species are then named with their body and population)."""

    def sp(q: int, j: int) -> str:
        return species_words(before, q, j) if before is not None else f"P{q + 1}'s species {j + 1}"

    if isinstance(e, Ate):
        return (
            f"{sp(e.player, e.species)} eats {e.amount} food from "
            f"{_SOURCE.get(e.source, e.source)}{_WHY.get(e.why, '')}"
        )
    if isinstance(e, Stored):
        return f"{sp(e.player, e.species)} stores {e.amount} food on its Fat Tissue"
    if isinstance(e, Attacked):
        off = ""
        if e.disabled:
            off = (
                " (Intelligence disables "
                + " and ".join(trait_words(game, t) for t in e.disabled.split(","))
                + ")"
            )
        horns = "; Horns wound the attacker (-1 population)" if e.horns else ""
        return f"{sp(e.player, e.species)} attacks {sp(e.target_player, e.target)}{off}{horns}"
    if isinstance(e, Extinct):  # named without its population: that is what it lost
        draws = f"P{e.player + 1} draws {plural(e.cards, 'card')}" if e.cards else "no card is drawn for it"
        who = (
            sp(e.player, e.species).split(", population")[0] + ")"
            if before is not None
            else sp(e.player, e.species)
        )
        if e.body and "(" not in who:  # its body as the event recorded it
            who = f"{who} (body {e.body})"
        return f"{who.replace(' ()', '')} goes extinct; {draws}{fat_words(e.fat, f'P{e.player + 1}')}"
    if isinstance(e, Grew):
        what = e.what.replace(" (fertile)", "").replace("population", "population (Fertile)")
        return f"{sp(e.player, e.species)} gains {e.by} {what}"
    if isinstance(e, FoodRevealed):
        return (
            f"the food cards are revealed: {e.total:+d} plant food; the watering hole holds "
            f"{e.watering_hole} food"
        )
    if isinstance(e, ClimateMoved):
        return (
            f"{plural(e.sun, 'sun icon')} and {plural(e.snow, 'snowflake')} on the food cards: the climate marker "
            f"moves to {_zone(game, e.position)}"
        )
    if isinstance(e, ClimateHit):
        return f"the climate ({e.name}): food {e.food:+d}, exposed species lose {e.loss} population"
    if isinstance(e, CardsDrawn):
        return f"P{e.player + 1} is owed {plural(e.n, 'card')}"
    if isinstance(e, Reshuffled):
        verb = "forms" if e.cards == 1 else "form"
        return f"the deck ran out ({e.why}): {plural(e.cards, 'card')} now {verb} the draw pile"
    return str(e.text(game))


def step_words(game: Game, events: Sequence[Event], before: State, action: Action | None = None) -> list[str]:
    """The events of one action (``after.events(last=True)``) as sentences, every species named as it was in
    ``before``, the state before the action. An event numbers a species by its place in the row at that moment, and
    the row closes up after each extinction (seed 004 line 81), so the events are walked in order: a second
    species to die in the same action (a prey and then its Horns-wounded attacker, two starving species at the end
    of the round) is named as itself, not as its neighbour. ``action``: the action, told on its own line just
    before (:func:`action_words`): its own attack event is not told again, only what it adds (the Horns wound,
    the traits Intelligence disabled)."""
    rows = [list(range(len(pl.species))) for pl in before.players]  # place now -> place in ``before``
    out = []
    for k, e in enumerate(events):
        if k == 0 and action is not None and action[0] == "attack" and isinstance(e, Attacked):
            rest = _attack_rest(game, action, e)
            if rest:
                out.append(rest)
        else:
            out.append(event_words(game, _as_before(e, rows), before))
        if isinstance(e, Extinct) and 0 <= e.player < len(rows) and 0 <= e.species < len(rows[e.player]):
            del rows[e.player][e.species]
    return out


def _attack_rest(game: Game, action: Action, e: Attacked) -> str:
    """What an attack's event adds to the action's own line: the traits its Intelligence disabled (when the
    action does not name them) and the Horns wound, or ""."""
    parts = []
    if e.disabled and len(action) != 5:
        parts.append(
            "Intelligence disables " + " and ".join(trait_words(game, t) for t in e.disabled.split(","))
        )
    if e.horns:
        parts.append("Horns wound the attacker (-1 population)")
    return "; ".join(parts)


def _as_before(e: Event, rows: list[list[int]]) -> Event:
    """``e`` with its species numbered as in the state before the action (``rows``: each player's places now ->
    places before); a place outside ``rows`` stays as it is."""

    def was(q: int, j: int) -> int:
        return rows[q][j] if 0 <= q < len(rows) and 0 <= j < len(rows[q]) else j

    if isinstance(e, Attacked):
        return e._replace(species=was(e.player, e.species), target=was(e.target_player, e.target))
    if isinstance(e, (Ate, Stored, Extinct, Grew)):
        return e._replace(species=was(e.player, e.species))
    return e


def _zone(game: Game, position: int) -> str:
    zones = getattr(game.pack, "zones", ())
    name = next((z.name for z in zones if z.position == position), "")
    return f"{name} ({position:+d})" if name else f"{position:+d}"


#: Why a defence stops an attack (the engine's blocker codes: trait ids of :data:`.traits.DEFENCES`, and the rules'
#: own codes), as a reason after the trait's name.
_BLOCKS = {
    "climbing": "the carnivore does not climb",
    "burrowing": "it has eaten as much food as its population",
    "warning-call": "a neighbour warns it; the carnivore has no Ambush",
    "herding": "its population is at least the carnivore's",
    "hard-shell": "the carnivore's body is not 4 larger",
    "symbiosis": "its right neighbour is larger",
}


def blocker_words(state: State, p: int, i: int, q: int, j: int, blocker: str) -> str:
    """Why species ``i`` of player ``p`` cannot attack species ``j`` of ``q`` (the engine's blocker code, from
    ``state.attack_report``), in words: the trait by its printed name and the reason, or the body-size rule
    with both sizes (seed 003 lines 138-141: the carnivore must be larger; Pack Hunting adds its population,
    Hard Shell adds 4 to the prey: reference §6.2)."""
    if blocker == "body-size":
        att, prey = state.players[p].species[i], state.players[q].species[j]
        o = state.game.options
        a = att.body + (att.pop if att.has("pack-hunting") else 0)
        d = prey.body + (o.hard_shell if prey.has("hard-shell") else 0)
        extra = (" with Pack Hunting" if att.has("pack-hunting") else "") + (
            ", the prey's with Hard Shell" if prey.has("hard-shell") else ""
        )
        return f"body size (the carnivore's {a} must be larger than {d}{extra})"
    if blocker == "own-species":
        return "its owner's own species (this variant forbids attacking your own)"
    if blocker == "not-carnivore":
        return "not a carnivore"
    reason = _BLOCKS.get(blocker)
    return f"{trait_words(state.game, blocker)} ({reason})" if reason else trait_words(state.game, blocker)


def phase_words(state: State) -> str:
    """The phase as the status line says it ("the deal", "feeding")."""
    return PHASE_WORDS.get(state.phase, state.phase)


def node_words(state: State) -> str:
    """What the state waits for: the verb phrase of the player to act, or what chance does."""
    if state.is_terminal():
        return "the game is over"
    if state.is_chance_node():
        if getattr(state, "pending_events", None):
            return "a climate event card is drawn"
        q = state.pending[0][0] if state.pending else -1
        return f"P{q + 1} draws a card" if q >= 0 else "a card is drawn"
    ph = state.phase
    if ph == "food":
        return "put a card face down as their food card"
    kinds = {a[0] for a in state.legal_actions()}
    if ph == "play":
        return _offered(_play_offers(kinds), "pass" in kinds, "pass", "pass (no card can be played)") or "act"
    if ph == "feed":
        if getattr(state, "intel", None) is not None:
            return "discard a card to use Intelligence"
        if getattr(state, "asking", -1) >= 0:
            return _offered(
                [f"use the Intelligence of {_own(state, state.asking)} before eating"], "pass" in kinds
            )
        offers = [w for k, w in _FEED_OFFERS if k in kinds]
        return _offered(offers, "pass" in kinds, "forgo feeding this round") or "act"
    return "act"


#: What a feeding turn may offer (the kinds of its legal actions), in the order the status line says them.
_FEED_OFFERS = (
    ("eat", "feed a species"),
    ("attack", "attack with a carnivore"),
    ("store", "store food on Fat Tissue"),
)


def _play_offers(kinds: set[str]) -> list[str]:
    """The card plays offered in the play phase, in words: "play a card (a trait, a new species, ...)"."""
    cards = [
        w
        for ks, w in (
            (("trait", "replace"), "a trait"),
            (("new",), "a new species"),
            (("body",), "body size"),
            (("pop",), "population"),
        )
        if kinds & set(ks)
    ]
    out = [f"play a card ({_either(cards)})"] if cards else []
    return out + (["discard a trait"] if "drop" in kinds else [])


def _either(items: list[str]) -> str:
    """ "a", "a or b", "a, b or c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _offered(offers: list[str], can_pass: bool, pass_words: str = "pass", only_pass: str = "") -> str:
    """The status line's verb: what the player may do, and whether they may pass (``only_pass`` when that is all;
    "" when nothing is offered)."""
    if not offers:
        return (only_pass or pass_words) if can_pass else ""
    return _either(offers) + (f", or {pass_words}" if can_pass else "")


def state_text(state: State) -> str:
    """The position as text (``str(state)``), everything the teacher sees: round, phase and who acts, the
    watering hole and the deck, and per player the food bag, the hand and each species with its traits."""
    g = state.game
    obs = state.observation(None)
    variant = {"climate": ", Climate", "course2016": ", the 2016 course's rules"}.get(g.variant, "")
    head = f"{g.title}{variant}, {g.players} players"
    if state.is_terminal():
        now = f"Round {obs['round']}: game over, won by " + ", ".join(f"P{q + 1}" for q in state.winners())
    else:
        who = (
            "chance: " + node_words(state)
            if state.is_chance_node()
            else f"P{state.current_player() + 1} to {node_words(state)}"
        )
        now = f"Round {obs['round']}, {phase_words(state)}; {who}"
    lines = [
        head,
        now,
        f"Watering hole: {obs['wh']} plant food; draw pile: {plural(obs['deck_left'], 'card')}",
    ]
    if "climate" in obs:
        c = obs["climate"]
        lines.append(f"Climate: {c['zone']} ({c['position']:+d})")
    scores = state.scores()
    for q, pl in enumerate(obs["players"]):
        first = " (first player)" if q == obs["first"] else ""
        hand = pl["hand"] if isinstance(pl["hand"], list) else []
        lines.append(
            f"P{q + 1}{first}: food bag {pl['bag']}, score {scores[q]}, hand: "
            + (", ".join(label_words(g, c) for c in hand) or "no cards")
        )
        for j, sp in enumerate(pl["species"]):
            traits = ", ".join(
                label_words(g, t).split(" (")[0] + (" (face down)" if down else "")
                for t, down in zip(sp["traits"], sp["face_down"])
            )
            fat = f", fat {sp['fat']}" if sp["fat"] else ""
            lines.append(
                f"  species {j + 1}: body {sp['body']}, population {sp['pop']}, food {sp['food']}{fat}"
                + (f"; {traits}" if traits else "")
            )
    return "\n".join(lines)
