"""Scenario presets: named Evo 2e positions a teacher picks from a menu, each built with the public position
builder (:func:`~evo_lab.games.evo2e.builder.build_position`) from the keyword arguments it lists.

Each :class:`Scenario` has an ``id``, a ``title``, a one-paragraph teacher ``note`` (what to show), the ``rule``
it illustrates (a section of the rulebook, ``../shared/seeds/000_ac662ced2d605a67.txt``, or a ruling of
``docs/rulings.md``), the ``node`` and ``to_act`` the built position is at, and ``shows``: the action (its
string) the note is about, legal at that node (``None`` when the feature is not one action: the end of the
game, a forecast).

>>> from evo_lab.games.evo2e.scenarios import scenario, scenarios
>>> [sc.id for sc in scenarios()][:3]
['attack', 'chameleon', 'hot_survival']
>>> s = scenario("attack")
>>> s.node_name(), s.action_to_string(s.parse_action("attack D5xD4"))
('move', 'attack D5xD4')
>>> scenario("nope")
Traceback (most recent call last):
...
evo_lab.games.evo2e.scenarios.UnknownScenarioError: unknown scenario 'nope'; the scenarios are attack, chameleon, \
hot_survival, auction, killer_babies, end_of_game, sixth_sense, crowded_birth, protected_clan, prescience
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.errors import EvoLabError
from .builder import build_position
from .position import Position

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "SCENARIOS",
    "Scenario",
    "UnknownScenarioError",
    "scenario",
    "scenario_info",
    "scenarios",
    "scenarios_markdown",
]

#: The rulebook as a teacher names it (seed 000, ``../shared/seeds/000_ac662ced2d605a67.txt``).
RULEBOOK = "Evo (Second Edition) rulebook"
#: A ruling of the kit where the rulebook is silent or unclear, as a teacher reads it (the ruling's number is in the
#: scenario's ``rulings``, for developers: ``docs/rulings.md``).
READING = "the kit's reading (documented on the kit's Rulings page)"


class UnknownScenarioError(EvoLabError, KeyError):
    """A scenario id that is not one of :data:`SCENARIOS`; ``known`` lists the ids, ``reason`` is
    ``"unknown_scenario"``."""

    reason = "unknown_scenario"

    def __init__(self, name: object, known: list[str]):
        self.name, self.known = name, list(known)
        super().__init__(f"unknown scenario {name!r}; the scenarios are {', '.join(known)}")

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


@dataclass(frozen=True)
class Scenario:
    """One preset: ``position`` holds the keyword arguments of ``build_position``."""

    id: str
    title: str
    note: str
    rule: str
    node: str
    to_act: str | None
    shows: str | None
    position: dict[str, Any] = field(default_factory=dict)  #: keyword arguments of build_position
    #: for developers: the kit's rulings behind ``rule`` (``docs/rulings.md``; the docs' table shows them)
    rulings: str = ""

    def build(self) -> State:
        """A fresh :class:`~evo_lab.games.evo2e.state.State` of this position."""
        return build_position(**self.position)

    def text(self) -> str:
        """The built position's text form (:meth:`~evo_lab.games.evo2e.position.Position.text`)."""
        return Position.from_state(self.build()).text()


_FOUR = {"players": 4}

SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "attack",
        "An attack with odds",
        "P2 moves and its dinosaur on D5 stands next to three of P1's (P1 has three dinosaurs, so it may be "
        "attacked). P2 has 2 horns and Large horn (attack 4); P1 has 1 horn and Bony plates (defence 3). Show the "
        "Combat tab: the attack from D5 on D4 is legal and its exact chance, 2/3, is the share of die faces that "
        "win at a difference of +1 (claw, equals, plus); then try it and undo to roll again.",
        f"{RULEBOOK}, Movement phase > Combat and Combat result; {READING}: Large horn and Bony plates each add 2 "
        "horns to the dinosaur's own",
        "move",
        "P2",
        "attack D5xD4",
        dict(
            _FOUR,
            round=3,
            phase="movement",
            to_act="P2",
            order=["P2", "P1", "P3", "P4"],
            movement_left=3,
            dinosaurs={
                "P1": ["C4", "C5", "D4"],
                "P2": ["D5", "E5", "F4"],
                "P3": ["A1", "A2"],
                "P4": ["G1", "G2"],
            },
            genes={"P1": {"horn": 1}, "P2": {"horn": 2}},
            unique={"P1": ["bony_plates"], "P2": ["large_horn"]},
        ),
        rulings="R8",
    ),
    Scenario(
        "chameleon",
        "Chameleon escape",
        "P2's dinosaur on D5 has just won its fight against P1's dinosaur on D4, and P1 has Chameleon skin: "
        "instead of dying, the beaten dinosaur may step onto an empty adjacent space, but not D5, where the "
        "attacker came from. Ask the class which escape is best (away from the next attack, onto terrain that "
        "survives the climate) and whether passing can ever be right.",
        f"{RULEBOOK}, Unique genes: Chameleon skin ('but not the one from which the attacker came')",
        "chameleon",
        "P1",
        "escape E3",
        dict(
            _FOUR,
            round=4,
            phase="movement",
            node="chameleon",
            attack=("D5", "D4"),
            order=["P2", "P1", "P3", "P4"],
            dinosaurs={
                "P1": ["C3", "D4", "C5"],
                "P2": ["D5", "E5", "F4"],
                "P3": ["A1", "A2"],
                "P4": ["G1", "G2"],
            },
            genes={"P2": {"horn": 1}},
            unique={"P1": ["chameleon_skin"]},
        ),
    ),
    Scenario(
        "hot_survival",
        "Survival on hot terrain",
        "The wheel is on section 1: desert is hot. P1 has three dinosaurs on desert (B1, B2, C1) and one "
        "Thermoregulation layer, so only one of them may survive there; its two on plains (D2, E2) are safe. P1 "
        "removes the dead one at a time and chooses which, because the clan keeps more than two. Show the "
        "Climate tab's terrain states, then let P1 choose which desert dinosaurs die.",
        f"{RULEBOOK}, Survival phase ('On hot terrain, the player can enable one of his dinosaurs to survive for "
        f"each thermoregulation layer'); {READING}: the owner chooses which dinosaurs die, one at a time, only "
        "when the choice matters",
        "survive",
        "P1",
        "remove B1",
        dict(
            _FOUR,
            round=5,
            phase="survival",
            to_act="P1",
            section=1,
            order=["P1", "P2", "P3", "P4"],
            dinosaurs={
                "P1": ["B1", "B2", "C1", "D2", "E2"],
                "P2": ["F4", "F5"],
                "P3": ["E6", "D7"],
                "P4": ["G1", "G2"],
            },
            genes={"P1": {"thermo": 1}},
        ),
        rulings="R13",
    ),
    Scenario(
        "auction",
        "The auction",
        "Every lot of this round's mutation phase is drawn: the first line of the biology lab is the event card, "
        "the others a horn, a pair of legs and an egg. P1 bids first and has 5 MP; the others have 8, 6 and 3. Bids are paid in MP, which are "
        "also the score. Ask what each gene is worth to whom, then play the bids: an outbid player bids again on "
        "another lot, and a bid of 6 cannot be beaten.",
        f"{RULEBOOK}, Mutation phase (bidding, 'The player who won the bidding for the first column takes an event "
        f"card'); {READING}: each lot's gene is drawn from the bag without the kinds already drawn this round, a "
        "player bids only what they can pay, and an outbid player bids again on another lot",
        "bid",
        "P1",
        "bid 3 on lot 1",
        dict(
            _FOUR,
            round=2,
            phase="mutation",
            lots=["event", "horn", "legs", "egg"],
            mp={"P1": 5, "P2": 8, "P3": 6, "P4": 3},
            order=["P1", "P2", "P3", "P4"],
        ),
        rulings="R1, R2",
    ),
    Scenario(
        "killer_babies",
        "Killer babies",
        "It is P1's birth and P1 has the unique gene Killer babies (a gene, not an event card): besides the empty "
        "spaces next to its dinosaurs it may lay an egg on D4, D5 or another space held by P2, whose clan of three "
        "is not protected. The baby's die is rolled at once: claw, equals or plus (4 faces of 6, 2/3) kill the "
        "enemy; cross or two-plus (1/3) kill the baby. Compare it with a plain birth.",
        f"{RULEBOOK}, Unique genes: Killer babies; {READING}: claw, equals and plus kill the enemy, cross and "
        "two-plus kill the baby",
        "birth",
        "P1",
        "birth D4",
        dict(
            _FOUR,
            round=6,
            phase="birth",
            to_act="P1",
            order=["P1", "P2", "P3", "P4"],
            dinosaurs={
                "P1": ["C3", "C4", "B3"],
                "P2": ["D4", "D5", "E4"],
                "P3": ["A1", "A2"],
                "P4": ["G1", "G2"],
            },
            unique={"P1": ["killer_babies"]},
        ),
        rulings="R12",
    ),
    Scenario(
        "end_of_game",
        "End of game",
        "The meteorite has come up: the game ends at once, with no further phase. The players reveal their MP: "
        "P1 and P2 both have 20, so the tie goes to the one with more dinosaurs on the board, P2 (4 against 3). "
        "Show the final ranking in the Players tab and ask how many MP P1 would have needed.",
        f"{RULEBOOK}, Aim of the game ('In the event of a tie, the player with the most dinosaurs wins') and "
        "Climate phase ('If the meteorite token appears, the game ends immediately'); "
        f"{READING}: the most MP wins, then the most dinosaurs, else the tied players share the place",
        "end",
        None,
        None,
        dict(
            _FOUR,
            round=10,
            phase="end",
            pile=10,
            mp={"P1": 20, "P2": 20, "P3": 15, "P4": 12},
            dinosaurs={
                "P1": ["C3", "C4", "B3"],
                "P2": ["D4", "D5", "E4", "E5"],
                "P3": ["A1", "A2"],
                "P4": ["G1", "G2"],
            },
        ),
        rulings="R14",
    ),
    Scenario(
        "sixth_sense",
        "Sixth sense forecast",
        "P1 has Sixth sense and has seen the next climate token: it turns the wheel one section back, from 3 to 2, "
        "so next round plains are hot and desert is deadly. View as player 1 and then as player 2: the Climate "
        "tab's forecast for next round is certain for P1 and a spread over four sections for P2. Ask how P1 should "
        "move its dinosaurs now.",
        f"{RULEBOOK}, Unique genes: Sixth sense ('You can look at the next climate token whenever you like'); "
        f"{READING}: Sixth sense shows its owner the next climate token from the moment the gene is won; the "
        "other players do not see it",
        "move",
        "P1",
        None,
        dict(
            _FOUR,
            round=3,
            phase="movement",
            to_act="P1",
            order=["P1", "P2", "P3", "P4"],
            section=3,
            revealed=["cw1", "stay", "cw1"],
            next_token="ccw1",
            unique={"P1": ["sixth_sense"]},
        ),
        rulings="R15, R16",
    ),
    Scenario(
        "crowded_birth",
        "A crowded birth",
        "P1 has all 8 of its dinosaurs on the board. It may still lay an egg, but only by eliminating one of its "
        "dinosaurs first to bring the new one on elsewhere: every birth names the dinosaur it replaces, and the "
        "newborn must be next to one of those that remain. Ask when that is worth it (moving a dinosaur off "
        "terrain that the coming climate kills).",
        f"{RULEBOOK}, Birth phase ('A player who already has all 8 dinosaurs on the board is allowed to eliminate "
        "one of them in order to bring a new one on elsewhere'); "
        f"{READING}: the newborn must be next to one of the dinosaurs that remain, not the one removed",
        "birth",
        "P1",
        "birth A1 replacing B1",
        dict(
            _FOUR,
            round=7,
            phase="birth",
            to_act="P1",
            order=["P1", "P2", "P3", "P4"],
            dinosaurs={
                "P1": ["B1", "B2", "C1", "C2", "D1", "D2", "E1", "E2"],
                "P2": ["F4", "F5"],
                "P3": ["E6", "D7"],
                "P4": ["G1", "G2"],
            },
        ),
        rulings="R6",
    ),
    Scenario(
        "protected_clan",
        "A clan of two cannot be attacked",
        "P1 moves with 3 points and 2 horns, next to P2's dinosaur on D4, but P2 has only two dinosaurs on the "
        "board, so no attack on them is legal; P3's clan of three beside it (E4) can be attacked. Show the action "
        "list: moves and the attack on E4, none on D4. Ask what P2 gains by staying small.",
        f"{RULEBOOK}, Combat ('Important: a clan that only has two dinosaurs may not be attacked'); "
        f"{READING}: a clan of two dinosaurs (three with Regeneration) cannot be attacked, nor hit by Killer "
        "babies",
        "move",
        "P1",
        "attack D5xE4",
        dict(
            _FOUR,
            round=4,
            phase="movement",
            to_act="P1",
            order=["P1", "P2", "P3", "P4"],
            movement_left=3,
            dinosaurs={
                "P1": ["C5", "D5", "B4"],
                "P2": ["D4", "C3"],
                "P3": ["E4", "F3", "F4"],
                "P4": ["G1", "G2"],
            },
            genes={"P1": {"horn": 2}},
        ),
        rulings="R7",
    ),
    Scenario(
        "prescience",
        "Prescience: a card against the climate",
        "The climate token just revealed turns the wheel two sections clockwise, and P1 holds the event card "
        "Prescience. Before the token takes effect P1 may play it and move the wheel one or two sections "
        "clockwise, one back, or leave it in place. Compare the sections each choice gives with where P1's "
        "dinosaurs stand.",
        f"{RULEBOOK}, Event cards: Prescience (Foresight); {READING}: Prescience is offered after every climate "
        "token but the meteorite, to its holders in initiative order, and every player who holds a card is "
        "asked in turn, so the question tells nothing about their hand",
        "climate_cards",
        "P1",
        "play prescience -1",
        dict(
            _FOUR,
            round=4,
            phase="climate",
            to_act="P1",
            order=["P1", "P2", "P3", "P4"],
            section=0,
            revealed=["stay", "cw1", "cw2"],
            hands={"P1": ["prescience"]},
        ),
        rulings="R9, R18",
    ),
)

_BY_ID = {sc.id: sc for sc in SCENARIOS}


def scenarios() -> list[Scenario]:
    """Every preset, in menu order."""
    return list(SCENARIOS)


def scenario_info(name: str) -> Scenario:
    """The preset ``name`` (:class:`UnknownScenarioError` listing the ids if there is none)."""
    if name not in _BY_ID:
        raise UnknownScenarioError(name, list(_BY_ID))
    return _BY_ID[name]


def scenario(name: str) -> State:
    """A new state of the preset ``name``, built with ``build_position``."""
    return scenario_info(name).build()


def scenarios_markdown() -> str:
    """The presets as a Markdown table (``docs/kit.md`` holds it; a test checks it is up to date)."""
    rows = ["| id | title | at | rule | rulings |", "|---|---|---|---|---|"]
    for sc in SCENARIOS:
        at = sc.node + (f" ({sc.to_act} decides)" if sc.to_act else "")
        rows.append(f"| `{sc.id}` | {sc.title} | {at} | {sc.rule} | {sc.rulings or '-'} |")
    return "\n".join(rows)
