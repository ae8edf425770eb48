"""Rule options and the documented rulings of *Evolution: The Origin of Species*.

Where the sources leave a point open (reference §9) or disagree, the engine follows a named ruling; each ruling
with a choice has a :class:`RuleOptions` field, so a teacher can play the other reading. ``RULINGS`` lists every
ruling with its sources; ``docs/origin.md`` shows the same table (a test keeps the two in sync).

>>> RuleOptions().mimicry_compulsory
False
>>> RuleOptions.from_dict({"voluntary_pass": False}).voluntary_pass
False
>>> RuleOptions.from_dict({"paired_score": "pair"})
Traceback (most recent call last):
...
evo_lab.core.errors.GameConfigError: rule option 'paired_score' must be one of card, animal; got 'pair'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ...core.options import RuleOptionsBase, option

__all__ = ["RuleOptions", "Ruling", "RULINGS", "rulings_markdown"]

LIMITS = ("turn", "round")


@dataclass(frozen=True)
class RuleOptions(RuleOptionsBase):
    """The switches of the open points. Each default is the ruling of the same name in :data:`RULINGS`."""

    #: O1: the food bank for 6 players is 3d6 + this (EW 4, Artem's engine 3).
    six_player_bonus: int = option(4, choices=(3, 4))
    #: O2: a player may pass in the feeding phase while a red token could still be taken.
    voluntary_pass: bool = True
    #: O3: a feeding-phase pass (ending a turn without doing anything) is final for the phase.
    pass_is_final: bool = True
    #: O4: a paired trait card scores once per card ("card", EW) or once on each of its two animals ("animal").
    paired_score: str = option("card", choices=("card", "animal"))
    #: O5: Mimicry must redirect when it can (EW's text) instead of "may" (the card).
    mimicry_compulsory: bool = False
    #: O6: Tail Loss must be used when it can (an attacked animal cannot choose to be eaten instead).
    tail_loss_compulsory: bool = True
    #: O7: each paired card (Communication, Cooperation) fires once per feeding "round" (EW) or once per "turn".
    #: (Carnivorous, Piracy and Mimicry are once per turn by their printed texts.)
    paired_limit: str = option("round", choices=LIMITS)
    #: O7: each grazer grazes once per feeding "round" (EW) or once per "turn".
    grazing_limit: str = option("round", choices=LIMITS)
    #: O8: a pirate must itself still need food (EW: Piracy cannot fill fat).
    piracy_needs_hunger: bool = True
    #: O9: a tie on points and discard piles is broken by a die roll (a chance node); False: a shared win.
    tiebreak_roll: bool = True


class Ruling(NamedTuple):
    """One documented ruling: id, the question, what the engine does, the option (or ``""``), sources."""

    id: str
    question: str
    ruling: str
    option: str
    sources: str


RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "O1",
        "Food bank for 6 players",
        "3d6+4 (EW); 3d6+3 with the option",
        "six_player_bonus",
        "reference §4.2 and §9.1: EW 3d6+4, Artem's engine 3d6+3, the Time to Fly rulebook unread",
    ),
    Ruling(
        "O2",
        "May a player pass in feeding while red tokens remain?",
        "Yes (seed: 'The player who can't or doesn't want to act passes'); with voluntary_pass=False a player who "
        "could take a red token must take food or do another eating action (EW takes food for him on end of turn)",
        "voluntary_pass",
        "seed 'Game turn structure'; reference §4.3 and §9.2; EW game.feeding spec",
    ),
    Ruling(
        "O3",
        "Is a feeding pass final?",
        "Ending a feeding turn without any action is a pass for the rest of the phase (as in development; EW puts "
        "every skipped option on cooldown for the turn). A player who merely has nothing to do is skipped that "
        "round but asked again later. Option: a pass only ends that turn",
        "pass_is_final",
        "seed 'Each phase ends when nobody can or want to act'; EW server$gameEndTurn",
    ),
    Ruling(
        "O4",
        "Paired traits in scoring",
        "1 point per paired card (EW counts the card once, on its source side); "
        "option: 1 point on each of its two animals",
        "paired_score",
        "reference §6 and §9.3",
    ),
    Ruling(
        "O5",
        "Is Mimicry compulsory?",
        "No: the card says the owner 'may' redirect; EW makes it compulsory",
        "mimicry_compulsory",
        "reference §5 Mimicry and §9.4 (MC card text, EW ru-ru.yml)",
    ),
    Ruling(
        "O6",
        "May an attacked animal decline Tail Loss?",
        "No: the card says 'discard' and EW always applies an available defence; option allows declining",
        "tail_loss_compulsory",
        "reference §5 Tail Loss; EW hunt.js (only optional expansion defences can be declined)",
    ),
    Ruling(
        "O7",
        "Once per turn or per round",
        "Communication and Cooperation fire once per feeding round (each "
        "card), each grazer grazes once per round (EW); option: once per turn. Carnivorous, Piracy and Mimicry "
        "are once per turn (printed: seed, MC), Hibernation not two turns running (MC)",
        "paired_limit, grazing_limit",
        "seed 'can attack only once during feeding phase'; reference §5 and §9.5 "
        "(MC card texts and clarifications, EW cooldowns)",
    ),
    Ruling(
        "O8",
        "May a pirate steal into its fat?",
        "No, the pirate must still need food (EW); option allows it",
        "piracy_needs_hunger",
        "reference §5 Piracy (EW TraitPiracy)",
    ),
    Ruling(
        "O9",
        "Last tie-break",
        "Points, then more cards in the discard pile, then a die roll: a chance node "
        "choosing one of the tied players uniformly (a roll-off); option: the tied players share the win",
        "tiebreak_roll",
        "reference §6 (WP; EW scoreboard: score, scoreDead, random)",
    ),
    Ruling(
        "R1",
        "Order of simultaneous food triggers",
        "When food sets off several Communication/Cooperation cards at once, the owner chooses the order (a "
        "'share' decision); a single trigger fires by itself. Triggers are compulsory; a card whose partner cannot "
        "take food (full, hibernating, waiting for its symbiont, or an empty bank for Communication) does not fire",
        "",
        "reference §5 ('When several traits of one animal trigger at the same time, the owner picks their "
        "order', EW issue #56); MC Cooperation clarification; EW autoFoodSharing",
    ),
    Ruling(
        "R2",
        "What triggers Communication and Cooperation",
        "Communication: a red token taken from the bank (also by another Communication). Cooperation: any red or "
        "blue token received (bank, Communication, Cooperation, kill, Tail Loss, Scavenger, Piracy); turning fat "
        "into food is not receiving food: it triggers neither and is open to an animal whose symbiont is still "
        "hungry (as in EW)",
        "",
        "reference §5 (MC card texts; EW: converting fat does not trigger)",
    ),
    Ruling(
        "R3",
        "Order after a kill",
        "The carnivore gets 2 blue (and its triggers resolve), then one scavenger "
        "gets 1 blue (and its triggers resolve)",
        "",
        "EW hunt.js server$huntEnd (kill food, then scavengers)",
    ),
    Ruling(
        "R4",
        "Order of defences",
        "The defender chooses among the available active defences (Running, Tail "
        "Loss, Mimicry); a failed Running roll leaves the others; Running cannot be declined; a single available "
        "defence applies by itself",
        "",
        "reference §5 attack resolution order (EW hunt.js); MC Running clarification",
    ),
    Ruling(
        "R5",
        "Which Fat Tissue card Tail Loss drops",
        "An empty one if the animal has one (dropping a stored token never helps), else a full one",
        "",
        "reference §5 Tail Loss ('any other trait card')",
    ),
    Ruling(
        "R6",
        "Food beyond a lowered need",
        "When Tail Loss removes a trait that raised the need, food above the "
        "new need is lost (blue first), as EW's recalculateFood",
        "",
        "EW AnimalModel.recalculateFood",
    ),
    Ruling(
        "R7",
        "Hibernation, fat conversion, eating actions",
        "Hibernation, Piracy and Grazing are free actions in "
        "the owner's feeding turn; taking a red token, attacking and turning fat into food are the one eating "
        "action of the turn; hibernation needs an animal that can still take food (EW)",
        "",
        "reference §4.3 (EW cooldown EATING, MC Piracy clarification)",
    ),
    Ruling(
        "R8",
        "Discard pile for the tie-break",
        "Each player's pile holds the cards of their dead animals, all "
        "trait cards on them (a paired card once) and the cards they lost to Tail Loss",
        "",
        "seed 'Extinction and draw phase'; reference §6",
    ),
    Ruling(
        "R9",
        "Who deals first",
        "Cards are dealt one at a time from the turn's first player, before the role "
        "of first player passes clockwise",
        "",
        "seed 'Then the first player deals new cards : one at a time in "
        "order, beginning from the first player'",
    ),
)


def rulings_markdown() -> str:
    """The rulings as a Markdown table (``docs/origin.md`` embeds it)."""
    lines = ["| id | question | ruling | option | sources |", "|---|---|---|---|---|"]
    for r in RULINGS:
        opt = f"`{r.option}`" if r.option else "-"
        lines.append(f"| {r.id} | {r.question} | {r.ruling} | {opt} | {r.sources} |")
    return "\n".join(lines)
