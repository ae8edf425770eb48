"""*The Origin of Species* in words: what a person reads (the action lists, the status line, the demo story, the
printed table), with the printed names of the cards and traits (``traits.json``: "Piracy", "High Body Weight",
"Fat Tissue") and animals said as their owner and place in the row, "P3's animal 2 (Swimming, Running)".

The action *notation* (``attack A3 A5``, :mod:`.notation`) stays what ``parse_action`` reads; nothing here is
parsed back. An animal's number is its place in its owner's row, counted from the left, at the state the words
are about (so it can change when an animal to its left dies, as a person would count).

>>> from evo_lab.games.origin import build_position
>>> s = build_position(players=2, bank=3, animals=["$A carn swim fat", "$B swim run, $C"])
>>> animal_words(s, s.names["B"])
"P2's animal 1 (Swimming, Running)"
>>> describe_action(s, ("attack", s.names["A"], s.names["B"]))
"P1's animal 1 (Carnivorous, Swimming, Fat Tissue) attacks P2's animal 1 (Swimming, Running)"
>>> node_words(s), card_words(s.game, s.game.card_index["pois/carn"])
('take food, attack or use a trait', 'Poisonous / Carnivorous')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from ...core.words import plural
from . import events as ev

if TYPE_CHECKING:
    from .actions import Action
    from .game import OriginGame
    from .events import Event
    from .model import Animal
    from .state import OriginState

__all__ = [
    "animal_place",
    "animal_words",
    "card_words",
    "defence_words",
    "describe_action",
    "retold",
    "story_head",
    "dice_words",
    "event_words",
    "find_animal",
    "hand_words",
    "node_words",
    "owner_of",
    "phase_words",
    "player",
    "trait_words",
    "traits_of",
]

#: What the player to act does at each decision node, and what each chance node is (the status line).
NODE_WORDS = {
    "develop": "play a card or pass",
    "feed": "take food, attack or use a trait",
    "defend": "defend an attacked animal",
    "share": "choose the order of paired traits",
    "first": "the first player is chosen by lot",
    "deal": "cards are dealt",
    "food": "the food dice are rolled",
    "run": "the Running die is rolled",
    "rolloff": "a die breaks the tie",
}
#: Each phase as a heading ("Turn 3: feeding").
PHASE_WORDS = {
    "setup": "setup",
    "development": "development",
    "food": "the food bank",
    "feeding": "feeding",
    "deal": "extinction and the deal",
    "rolloff": "the tie-break",
    "over": "the end",
}
#: Where food came from (``Ate.source``), as the end of a sentence.
SOURCES = {
    "bank": "from the food bank",
    "communication": "(Communication)",
    "cooperation": "(Cooperation)",
    "kill": "from its kill",
    "tail_loss": "(its prey dropped a trait)",
    "scavenger": "(Scavenger)",
    "piracy": "(Piracy)",
}


def player(p: int) -> str:
    return f"P{p + 1}"


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def dice_words(dice: int | str, plus: int = 0) -> str:
    """The food bank's dice in words, the notation after them (the table's header and the Odds tab say them
    so): ``dice_words(2)`` -> ``"two dice (2d6)"``, ``dice_words(2, 2)`` -> ``"two dice plus 2 (2d6 + 2)"``;
    a rule as text (``"3d6"``) is read the same way (another form is returned as it is). A game's own dice are
    ``dice_words(*game.food_dice)`` (the dice for its player count, reference §4.2).

    >>> dice_words(2), dice_words(1, 2), dice_words("3d6"), dice_words("2d6 + 4")
    ('two dice (2d6)', 'one die plus 2 (1d6 + 2)', 'three dice (3d6)', 'two dice plus 4 (2d6 + 4)')
    """
    if isinstance(dice, str):
        m = re.fullmatch(r"\s*(\d+)d6\s*(?:\+\s*(\d+))?\s*", dice)
        if not m:
            return dice
        dice, plus = int(m.group(1)), int(m.group(2) or 0)
    count = _NUMBERS[dice] if 0 <= dice < len(_NUMBERS) else str(dice)
    words = f"{count} {'die' if dice == 1 else 'dice'}" + (f" plus {plus}" if plus else "")
    return f"{words} ({dice}d6" + (f" + {plus}" if plus else "") + ")"


def card_words(game: OriginGame, card: int) -> str:
    """A card by its printed faces: "Poisonous / Carnivorous"."""
    return str(game.card_names[card])


def trait_words(game: OriginGame, trait: int) -> str:
    return str(game.trait_names[trait])


def find_animal(state: OriginState, aid: int) -> Animal | None:
    """The animal with id ``aid`` on the table of ``state`` (``None`` when it is not there)."""
    for p in range(state.game.players):
        for a in state.animals(p):
            if a.id == aid:
                return a
    return None


def owner_of(state: OriginState, aid: int) -> int:
    """The player whose animal ``aid`` is (-1 when it is not on the table)."""
    a = find_animal(state, aid)
    return -1 if a is None else a.owner


def animal_place(state: OriginState, aid: int) -> tuple[int, int] | None:
    """``(owner, number)``: the animal's owner and its place in the row (1 = leftmost); ``None`` if gone."""
    for p in range(state.game.players):
        for i, a in enumerate(state.animals(p)):
            if a.id == aid:
                return p, i + 1
    return None


class TraitHolder(Protocol):
    """What :func:`traits_of` reads of an animal: its id (for its paired traits) and its own trait cards."""

    @property
    def id(self) -> int: ...

    @property
    def traits(self) -> list[tuple[int, int]]: ...


def traits_of(state: OriginState, a: TraitHolder) -> list[str]:
    """An animal's traits by their printed names, own cards first (several Fat Tissue cards as "Fat Tissue x2"),
    then its paired traits."""
    g = state.game
    names: list[str] = []
    counts: dict[str, int] = {}
    for t, _c in a.traits:
        n = trait_words(g, t)
        if n not in counts:
            names.append(n)
        counts[n] = counts.get(n, 0) + 1
    out = [n if counts[n] == 1 else f"{n} x{counts[n]}" for n in names]
    for L in state.links:
        if a.id in (L.a, L.b):
            n = trait_words(g, L.kind)
            if n not in out:
                out.append(n)
    return out


def animal_words(
    state: OriginState, aid: int, traits: bool = True, others: tuple[OriginState, ...] = ()
) -> str:
    """ "P3's animal 2 (Swimming, Running)": the animal in ``state`` (or in the first of ``others`` that still
    has it, for an animal that has just left the table); ``traits=False`` leaves the traits out."""
    for st in (state, *others):
        place = animal_place(st, aid)
        if place is not None:
            p, i = place
            text = f"{player(p)}'s animal {i}"
            animal = find_animal(st, aid)
            if traits and animal is not None:
                names = traits_of(st, animal)
                text += f" ({', '.join(names)})" if names else " (no traits)"
            return text
    return "an animal no longer on the table"


def _own(state: OriginState, aid: int) -> str:
    """An animal of the player to act without the owner ("animal 2"), another's with it."""
    place = animal_place(state, aid)
    if place is not None and place[0] == state.current_player():
        return f"animal {place[1]}"
    return animal_words(state, aid, traits=False)


def _play_words(state: OriginState, a: Action) -> str:
    g = state.game
    who = player(state.current_player())
    if a[0] == "animal":
        return f"{who} plays a card face down as a new animal (the card: {card_words(g, a[1])})"
    trait, card = trait_words(g, a[2]), card_words(g, a[1])
    src = "" if card == trait else f" (from the card {card})"
    if len(a) == 5:
        pair = f"on animals {animal_place(state, a[3])[1]} and {animal_place(state, a[4])[1]}"  # type: ignore[index]
        if g.directed[a[2]]:
            pair += f"; animal {animal_place(state, a[3])[1]} is the symbiont that protects the other"  # type: ignore[index]
        return f"{who} plays {trait}{src} {pair}"
    return f"{who} plays {trait}{src} on {_own(state, a[3])}"


def _feed_words(state: OriginState, a: Action) -> str | None:
    g = state.game
    k = a[0]
    own = _own(state, a[1]) if len(a) > 1 and isinstance(a[1], int) else ""
    name = (
        animal_words(state, a[1])
        if len(a) > 1 and isinstance(a[1], int) and k in ("run", "accept", "tail", "mimic")
        else ""
    )
    table: dict[str, Callable[[], str]] = {
        "eat": lambda: (
            f"{own} takes a red food token from the food bank ({plural(state.bank - 1, 'token')} left)"
        ),
        "attack": lambda: f"{animal_words(state, a[1])} attacks {animal_words(state, a[2])}",
        "fat": lambda: f"{own} turns {plural(a[2], 'fat token')} into food (Fat Tissue)",
        "pirate": lambda: (
            f"{own} steals a food token from {animal_words(state, a[2], traits=False)} (Piracy)"
        ),
        "graze": lambda: f"{own} destroys a red token of the food bank (Grazing)",
        "hibernate": lambda: f"{own} hibernates: it counts as fed this turn (Hibernation)",
        "run": lambda: f"{name} tries to run away (Running: a die, 4, 5 or 6 escapes)",
        "accept": lambda: f"{name} is eaten (no defence used)",
        "tail": lambda: (
            f"{name} uses Tail Loss: it drops its {trait_words(g, a[2])} card and survives"
            + (f" (the card it shares with {animal_words(state, a[3], traits=False)})" if len(a) == 4 else "")
        ),
        "mimic": lambda: f"{name} uses Mimicry: the attack turns onto {animal_words(state, a[2])}",
        "share": lambda: (
            f"{animal_words(state, a[2], traits=False)} passes food to "
            f"{animal_words(state, a[3], traits=False)} ({trait_words(g, a[1])})"
        ),
    }
    return table[k]() if k in table else None


def describe_action(state: OriginState, a: Action) -> str:
    """Action ``a`` (legal at ``state``) in words, starting with who does it."""
    g = state.game
    k = a[0]
    who = player(state.current_player()) if state.current_player() >= 0 else ""
    if k in ("animal", "trait"):
        return _play_words(state, a)
    if k == "pass":
        final = state.node_name() == "develop" or g.options.pass_is_final
        return f"{who} passes" + (" (and plays no more this phase)" if final else "")
    if k == "end":
        return f"{who} ends the turn"
    text = _feed_words(state, a)
    if text is not None:
        return text if k in ("attack", "run", "accept", "tail", "mimic", "share") else f"{who}'s {text}"
    chance: dict[str, Callable[[], str]] = {
        "first": lambda: f"{player(a[1])} is chosen to start",
        "deal": lambda: f"{player(a[1])} is dealt {card_words(g, a[2])}",
        "food": lambda: f"the dice give {plural(a[1], 'red food token')}",
        "roll": lambda: (
            f"the Running die shows {a[1]}"
            + (": the animal escapes" if a[1] >= g.setup["running_escape_from"] else ": the animal is caught")
        ),
        "rolloff": lambda: f"{player(a[1])} wins the tie-break roll",
    }
    if k not in chance:
        from ...core.errors import FormatError

        raise FormatError(f"not an action of this game: {a!r}", "action")
    return chance[k]()


def defence_words(state: OriginState, a: Action) -> str:
    """A defender's choice in a few words, for an outcome tree: "drop Parasite", "run away (Running's die)"."""
    k = a[0]
    if k == "run":
        return "try to run away (Running's die)"
    if k == "accept":
        return "use no defence"
    if k == "tail":
        return f"drop {trait_words(state.game, a[2])} (Tail Loss)"
    if k == "mimic":  # the Mimicry is the first prey's; the decoy's own traits said as its own
        decoy = find_animal(state, a[2])
        names = traits_of(state, decoy) if decoy is not None else []
        has = f"it has {', '.join(names)}" if names else "it has no traits"
        return f"Mimicry: turn the attack onto {animal_words(state, a[2], traits=False)} ({has})"
    return describe_action(state, a)


def node_words(state: OriginState) -> str:
    """What happens at the node: "feed", "play a card or pass", "the food dice are rolled" (the game over: "the
    game is over")."""
    if state.is_terminal():
        return "the game is over"
    return NODE_WORDS.get(state.node_name(), state.phase_name())


def phase_words(state: OriginState) -> str:
    return PHASE_WORDS.get(state.phase_name(), state.phase_name())


def hand_words(game: OriginGame, counts: dict[int, int]) -> str:
    """A hand (card index -> copies) as printed names: "Swimming, Poisonous / Carnivorous x2"."""
    parts = [card_words(game, c) + (f" x{k}" if k > 1 else "") for c, k in counts.items() if k]
    return ", ".join(parts) if parts else "no cards"


def retold(action: Action, e: Event) -> bool:
    """Whether event ``e`` only tells again what ``action`` did (the move's own line says it, usually with more:
    the tokens left in the bank, the traits of the animals), so that a story tells each move once: the food an
    eating animal takes, the fat it burns, the token a pirate steals, the Mimicry that turns an attack, the
    dropped Tail Loss card, the food a paired trait passes, the first player. Another animal's food (Communication,
    Cooperation, the kill) is not the move itself and is told.

    >>> retold(("eat", 4), ev.Ate(4, "bank", 1, 0, 0)), retold(("eat", 4), ev.Ate(5, "communication", 1, 0, 0))
    (True, False)
    """
    k: str = action[0]
    who: object = action[1] if len(action) > 1 else None  # the animal that acts (a share: its trait)
    to: object = action[3] if k == "share" else None  # the animal a paired trait feeds
    match e:
        case ev.Ate():
            return (
                (k == "eat" and e.animal == who and e.source == "bank")
                or (k == "pirate" and e.animal == who and e.source == "piracy")
                or (k == "share" and e.animal == to and e.source in ("cooperation", "communication"))
            )
        case ev.FatBurned():
            return k == "fat" and e.animal == who
        case ev.Pirated():
            return k == "pirate" and e.pirate == who
        case ev.Grazed():
            return k == "graze" and e.animal == who
        case ev.Hibernated():
            return k == "hibernate" and e.animal == who
        case ev.TailLost():
            return k == "tail" and e.target == who
        case ev.Redirected():
            return k == "mimic" and e.source == who
        case ev.FirstPlayer():
            return k == "first"
    return False


def story_head(before: OriginState, action: Action, after: OriginState, head: str) -> str | None:
    """The line a story tells for ``action`` (``head``: the action in words), or ``None`` when its events tell it
    better (the Running die: the event names the animal that runs or is caught). The food it took into fat is
    added ("... and stores it as fat"), and a defender that uses no defence says so (its death is the next line).
    """
    k = action[0]
    new = after.events()[len(before.events()) :]
    if k == "roll" and any(isinstance(e, (ev.Escaped, ev.Caught)) for e in new):
        return None
    if k == "accept":
        return f"{animal_words(before, action[1])} uses no defence"
    for e in new:
        if isinstance(e, ev.Ate) and retold(action, e):
            return head + _fat(e)
    return head


def _fat(e: ev.Ate) -> str:
    """ "and stores it as fat", ", 2 of them as fat" or "" (no fat)."""
    n = e.red + e.blue + e.fat
    if not e.fat:
        return ""
    return (" and stores " + ("it" if n == 1 else "them") if e.fat == n else f", {e.fat} of them") + " as fat"


def _ate(b: OriginState, s: OriginState, e: ev.Ate) -> str:
    n = e.red + e.blue + e.fat
    red = e.source in ("bank", "communication")
    verb = "takes" if red else "gets"
    text = f"{_a(b, s, e.animal)} {verb} {plural(n, ('red' if red else 'blue') + ' token')}"
    text += {
        "bank": " from the food bank",
        "communication": " from the food bank too (Communication)",
        "kill": " from its kill",
    }.get(e.source, " " + SOURCES.get(e.source, ""))
    return text.rstrip() + _fat(e)


def _on(b: OriginState, s: OriginState, e: ev.TraitPlayed) -> str:
    """Where a trait card went: "its animal 2", "its animals 1 and 2", "P3's animal 1" (Parasite)."""
    places = [animal_place(s, x) or animal_place(b, x) for x in (e.animal, e.partner) if x >= 0]
    if all(pl is not None and pl[0] == e.player for pl in places):
        nums = [str(pl[1]) for pl in places if pl is not None]
        return f"its animal {nums[0]}" if len(nums) == 1 else f"its animals {nums[0]} and {nums[1]}"
    return " and ".join(_a(s, b, x) for x in (e.animal, e.partner) if x >= 0)


def _killed(b: OriginState, s: OriginState, e: ev.Killed) -> str:
    text = f"{_a(b, s, e.attacker)} eats {_a(b, s, e.prey)}"
    place = animal_place(b, e.prey)
    if place is not None and place[1] < len(b.animals(place[0])):
        text += (
            f" (the animals to its right move up one place: {player(place[0])}'s animal {place[1] + 1} is "
            f"now animal {place[1]})"
        )
    return text


def _a(b: OriginState, s: OriginState, aid: int, traits: bool = False) -> str:
    return animal_words(b, aid, traits=traits, others=(s,))


def event_words(before: OriginState, after: OriginState, e: Event) -> str:
    """One event of the game log (:mod:`.events`) in words, with its animals as they were before the action that
    caused it (or after it, for a new animal)."""
    b, s = before, after
    match e:
        case ev.FirstPlayer():
            return f"{player(e.player)} is the first player"
        case ev.Dealt():
            return f"{player(e.player)} draws {card_words(s.game, e.card)}"
        case ev.TurnStarted():
            return f"turn {e.turn} begins, {player(e.first)} first" + (
                " (the last turn: the deck is empty)" if e.last else ""
            )
        case ev.Born():
            return f"{player(e.player)} plays a card face down: a new animal, {animal_words(s, e.animal, traits=False, others=(b,))}"
        case ev.TraitPlayed():
            return f"{player(e.player)} plays {trait_words(s.game, e.trait)} on {_on(b, s, e)}"
        case ev.Passed():
            return f"{player(e.player)} passes"
        case ev.FoodRolled():
            return f"the dice give the food bank {plural(e.amount, 'red token')}"
        case ev.Ate():
            return _ate(b, s, e)
        case ev.FatBurned():
            return f"{_a(b, s, e.animal)} turns {plural(e.amount, 'fat token')} into food"
        case ev.Attacked():
            return f"{_a(b, s, e.attacker, True)} attacks {_a(b, s, e.target, True)}"
        case ev.Escaped():
            return f"the Running die shows {e.roll}: {_a(b, s, e.target)} runs away"
        case ev.Caught():
            return f"the Running die shows {e.roll}: {_a(b, s, e.target)} cannot run away"
        case ev.TailLost():
            return (
                f"{_a(b, s, e.target)} drops its {trait_words(s.game, e.trait)} card and survives (Tail Loss)"
            )
        case ev.Redirected():
            return f"{_a(b, s, e.source)} turns the attack onto {_a(b, s, e.target)} (Mimicry)"
        case ev.Killed():
            return _killed(b, s, e)
        case ev.Poisoned():
            return f"{_a(b, s, e.attacker)} is poisoned and will die at the end of the turn"
        case ev.Pirated():
            return f"{_a(b, s, e.pirate)} steals a food token from {_a(b, s, e.victim)} (Piracy)"
        case ev.Grazed():
            return f"{_a(b, s, e.animal)} destroys a red token of the food bank (Grazing)"
        case ev.Hibernated():
            return f"{_a(b, s, e.animal)} hibernates (Hibernation)"
        case ev.Died():
            return f"{_a(b, s, e.animal)} dies " + ("of poison" if e.reason == "poisoned" else "of hunger")
        case ev.GameOver():
            return (
                "the game is over: "
                + ", ".join(f"{player(i)} {plural(x, 'point')}" for i, x in enumerate(e.scores))
                + f"; {player(e.winner)} wins"
            )
    raise KeyError(type(e).__name__)  # not an event of this game
