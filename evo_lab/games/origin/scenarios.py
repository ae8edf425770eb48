"""Scenario presets: named *Origin of Species* positions a teacher opens from the Explorer's Game tab (or
``evo-lab present --game origin --scenario running``), each built with the public position builder
(:func:`~evo_lab.games.origin.positions.build_position`, animals written as in evolution-web's fixtures:
``"$C carn fat, $E"``), optionally followed by actions (``then``).

Each :class:`Scenario` has an ``id``, a ``title``, a one-paragraph teacher ``note`` (what to show and what to ask),
the ``rule`` it illustrates (for the teacher: the rulebook by its name, :data:`SEED`, a card's text by the card's
name, :func:`card`, or the kit's reading, :data:`READING`; for developers the ruling's number is in ``rulings``,
``docs/origin.md``), the ``node`` and player ``to_act`` of the built position, and ``shows``: the action the note is
about (with the builder's ``$`` names), legal there.

>>> [sc.id for sc in scenarios()][:3]
['running', 'tail_loss', 'mimicry']
>>> s = scenario("running")
>>> s.node_name(), s.action_to_string(shown_action("running", s))
('feed', 'attack A1 A3')
>>> scenario("nope")
Traceback (most recent call last):
...
evo_lab.games.origin.scenarios.UnknownScenarioError: unknown scenario 'nope'; the scenarios are running, \
tail_loss, mimicry, poisonous, who_can_be_attacked, food_race, paired_traits, last_turn
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...core.errors import EvoLabError
from .positions import act, build_position

if TYPE_CHECKING:
    from .actions import Action
    from .model import JSON
    from .state import OriginState

__all__ = [
    "READING",
    "SCENARIOS",
    "SEED",
    "Scenario",
    "UnknownScenarioError",
    "card",
    "scenario",
    "scenario_info",
    "scenarios",
    "shown_action",
]

#: The sources as a teacher names them: the rulebook (seed 001, ``../shared/seeds/001_fedf4eab345d9a57.txt``) and
#: the cards' texts (:func:`card`; the kit's reference notes, ``../shared/reference/origin-of-species.md`` §5, hold
#: them).
SEED = "Evolution: The Origin of Species rulebook (RightGames)"
#: A ruling of the kit where the rulebook and the cards are silent or unclear, as a teacher reads it (its number is
#: in the scenario's ``rulings``, for developers: ``docs/origin.md``, Rulings).
READING = "the kit's reading (documented on the kit's Origin page, under Rulings)"


def card(name: str) -> str:
    """A trait card's text cited by the card's printed name ("the Running card")."""
    return f"the {name} card"


class UnknownScenarioError(EvoLabError, KeyError):
    """A scenario id that is not one of :data:`SCENARIOS`; ``known`` lists the ids."""

    reason = "unknown_scenario"

    def __init__(self, name: object, known: list[str]) -> None:
        self.name, self.known = name, list(known)
        super().__init__(f"unknown scenario {name!r}; the scenarios are {', '.join(known)}")

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


@dataclass(frozen=True)
class Scenario:
    """One preset: ``position`` holds the keyword arguments of ``build_position``, ``then`` the actions played
    after it (with ``$`` names)."""

    id: str
    title: str
    note: str
    rule: str
    node: str
    to_act: str | None
    shows: str | None
    position: dict[str, JSON] = field(default_factory=dict)
    then: tuple[str, ...] = ()
    #: for developers: the kit's rulings behind ``rule`` (``docs/origin.md``, Rulings)
    rulings: str = ""

    def build(self) -> OriginState:
        """A fresh state of this position."""
        s = build_position(**self.position)
        for text in self.then:
            act(s, text)
        return s


SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "running",
        "An escape by Running",
        "P1's animal 1 is a carnivore with an empty Fat Tissue card, and the food bank holds one red token. P2's "
        "animal 1 has Running: when it is attacked its owner rolls a die, and on 4, 5 or 6 it escapes (the "
        "carnivore gets nothing and may not attack again this turn). Click P1's carnivore: the board marks every "
        "prey with the chance the attack eats it (Running: 1/2, the others: 1). Ask which prey P1 should pick, "
        "and whether to take the last red token instead.",
        f"{SEED}, Feeding phase ('Animal with \"carnivorous\" trait can attack another animal of any player'); "
        f"{card('Running')} ('roll one die; on 4, 5 or 6 the animal survives'); {READING}: the owner cannot "
        "refuse Running's roll, and a failed roll leaves the animal's other defences",
        "feed",
        "P1",
        "attack $C $R",
        {"players": 3, "bank": 1, "animals": ["$C carn fat, $E", "$R run, $S", "$T swim, $U"], "deck": 20},
        rulings="R4",
    ),
    Scenario(
        "tail_loss",
        "Tail Loss sheds a Parasite",
        "P1's carnivore has just attacked P2's animal 1, which has Tail Loss and a Parasite P1 played on it (its "
        "need is 3). P2 must use Tail Loss (the card says 'discard', so the kit does not let P2 decline it) and chooses which trait card to drop: the animal survives "
        "and the carnivore gets one blue token instead of two. Which card should P2 drop? The Odds tab marks the "
        "choice that keeps the most points now (Tail Loss or Fat Tissue: a Parasite scores 3 for its animal's "
        "owner), but the animal then still needs 3 food; dropping the Parasite costs 3 points and cuts the need to "
        "1. Ask which is better with 3 red tokens in the bank.",
        f'{SEED}, Feeding phase (\'"Tail loss" allow animal to survive during carnivorous attack via discarding any '
        "defender animal's trait. The carnivorous gets only one blue food token. Thus defender animal can escape "
        f'from negative traits such as "parasite"\'); {card("Tail Loss")} (discard this card or any other trait '
        f"card of the animal); {READING}: Tail Loss cannot be declined",
        "defend",
        "P2",
        "tail $T para",
        {"players": 2, "bank": 3, "animals": ["$C carn, $E", "$T tail para fat +, $V"], "deck": 20},
        ("attack $C $T",),
        rulings="O6",
    ),
    Scenario(
        "mimicry",
        "Mimicry turns an attack",
        "P1's carnivore has attacked P2's animal 1, which has Mimicry: P2 may turn the attack onto another of its "
        "animals that this carnivore could attack (once per turn; the card says 'may', so P2 may also let the attack stand). P2's animal 2 "
        "has Running, animal 3 has no defence, animal 4 has High Body Weight and cannot be attacked by this "
        "carnivore, so it is not offered. Ask which choice keeps P2 the most points, and compare with the "
        "Odds tab's outcome tree.",
        f"{card('Mimicry')} ('you can choose another animal to be attacked by the carnivorous instead'; 'no such "
        f"animal: it cannot be used'); {READING}: Mimicry is the owner's choice, never compulsory",
        "defend",
        "P2",
        "mimic $M $R",
        {"players": 2, "bank": 2, "animals": ["$C carn", "$M mimic fat, $R run, $N, $H big"], "deck": 20},
        ("attack $C $M",),
        rulings="O5",
    ),
    Scenario(
        "poisonous",
        "A poisonous meal",
        "The food bank is empty and P1's carnivore is hungry. It may attack P2's animal 1, which is Poisonous, "
        "or P2's animal 3, the Scavenger; animal 2 is camouflaged and this carnivore has no Sharp Vision. Eating "
        "the Poisonous animal feeds the carnivore, but the carnivore then dies in this turn's extinction phase; "
        "not eating lets it starve. Ask whether eating the Scavenger instead is the better meal, whether the "
        "Poisonous attack is still worth making (P2 loses an animal and its points either way?), and what the "
        "Scavenger of P2 gains when its neighbour is eaten.",
        f"{SEED}, Extinction phase ('all animals which are not fully fed are put into [...] discard piles'); "
        f"{card('Poisonous')} ('the carnivore who has eaten this animal dies in the extinction phase of this "
        f"turn') and {card('Scavenger')}",
        "feed",
        "P1",
        "attack $C $P",
        {"players": 2, "bank": 0, "animals": ["$C carn fat", "$P pois, $Q camo, $S scav"], "deck": 20},
    ),
    Scenario(
        "who_can_be_attacked",
        "Who can be attacked?",
        "P1's animal 1 is a carnivore with Sharp Vision. Click it: the board marks what it may attack and greys "
        "out the animals a trait protects. Camouflage needs Sharp Vision (it has it); High Body Weight needs a "
        "carnivore with High Body Weight; Swimming needs a swimming carnivore; Burrowing protects only while the "
        "animal is fed; Symbiosis protects the animal while its symbiont lives. Ask the class to predict each "
        "animal before clicking.",
        f'{SEED}, Feeding phase (\'"camouflage" defends animal from attack if attacker has\'t "sharp vision"\'); '
        "the texts of the cards Camouflage, Sharp Vision, High Body Weight, Swimming, Burrowing and Symbiosis; "
        "as the online version of the game resolves an attack, any one of these protections keeps the carnivore "
        "from choosing the animal at all, before any die is rolled",
        "feed",
        "P1",
        "attack $C $K",
        {
            "players": 2,
            "bank": 2,
            "deck": 20,
            "animals": ["$C carn vision", "$K camo, $H big, $W swim, $B burrow +, $D burrow, $Y symb$Z, $Z"],
        },
    ),
    Scenario(
        "food_race",
        "The food dice and the race",
        "The food dice are about to be rolled for three players: 2d6, from 2 to 12 red tokens, 7 on average. "
        "The animals on the table need 9 red tokens, and the players take them one at a time from P1. Open the "
        "Odds tab: the distribution of the bank, the chance it covers every hungry animal, and each animal's "
        "chance to be fed in the race. Ask who is most at risk and why the order of play matters.",
        f"{SEED}, Food bank determination phase ('The first player rolls the dice. Then the corresponding number of "
        "red tokens is put in the center of the table') and Feeding phase ('players in order take one red food "
        "token'); the rulebook says 'the dice': the number of dice per player count (3 players: two dice, 2 to "
        "12 tokens) is the table the online versions of the game use",
        "food",
        None,
        None,
        {
            "players": 3,
            "phase": "food",
            "animals": ["$A carn, $B", "$C big, $D", "$E, $F fat, $G"],
            "deck": 20,
        },
    ),
    Scenario(
        "paired_traits",
        "Communication and Cooperation",
        "P1's animals 1 and 2 share Communication, animals 2 and 3 share Cooperation. When animal 1 takes a red "
        "token from the bank, animal 2 takes one too (Communication), and that food sets off Cooperation: animal 3 "
        "gets a blue token. One action feeds three animals. Feed animal 1 from the bank and read the Story tab. Ask "
        "what happens when the bank holds a single token.",
        f"{SEED}, Feeding phase ('Player can take more than one food token if an animal has specified traits i.e. "
        f'"communication". Some traits allow to get blue "extra food" tokens\'); {card("Communication")} and '
        f"{card('Cooperation')}; {READING}: when one token sets off several cards their owner orders them, "
        "Cooperation answers any food received, and each card acts once per feeding round",
        "feed",
        "P1",
        "eat $A",
        {"players": 2, "bank": 4, "animals": ["$A comm$B, $B coop$C, $C", "$D, $E"], "deck": 20},
        rulings="R1, R2, O7",
    ),
    Scenario(
        "last_turn",
        "The last turn",
        "The deck is empty, so this is the last turn: after its extinction phase the points are counted (2 for "
        "each surviving animal, 1 for each trait card, plus the food it adds: Carnivorous +1, High Body Weight +1, "
        "Parasite +2). P1's animal 2 has Hibernation, but Hibernation cannot be used in the last turn. Ask which "
        "animals will die, and what each player should feed first to keep the most points.",
        f"{SEED}, End of the game ('After the deck is empty the last turn begins. After the extinction phase of the "
        f"last turn the victory points are counted'); {card('Hibernation')} (it cannot be used in the last turn); the "
        "points as the online versions count them (2 per surviving animal, 1 per trait card, plus the food a "
        "trait adds)",
        "feed",
        "P1",
        "eat $B",
        {"players": 2, "bank": 3, "animals": ["$A big fat, $B hib para", "$C carn, $D run tail"], "deck": 0},
    ),
)

_BY_ID = {sc.id: sc for sc in SCENARIOS}


def scenarios() -> list[Scenario]:
    """Every preset, in menu order."""
    return list(SCENARIOS)


def scenario_info(name: str) -> Scenario:
    """The :class:`Scenario` ``name`` (:class:`UnknownScenarioError` when there is none)."""
    if name not in _BY_ID:
        raise UnknownScenarioError(name, list(_BY_ID))
    return _BY_ID[name]


def scenario(name: str) -> OriginState:
    """A fresh state of the preset ``name``."""
    return scenario_info(name).build()


def shown_action(name: str, state: OriginState | None = None) -> Action | None:
    """The action the note of ``name`` is about, at ``state`` (default: a fresh build), or ``None``."""
    sc = scenario_info(name)
    if sc.shows is None:
        return None
    s = state if state is not None else sc.build()
    text = re.sub(r"\$(\w+)", lambda m: f"A{s.names[m.group(1)]}", sc.shows)
    return s.parse_action(text)
