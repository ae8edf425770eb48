"""Exact odds of *The Origin of Species*, as ``Fraction`` s, from the engine's own chance nodes walked by the core's
enumeration (:mod:`evo_lab.core.chance`): nothing of the rules is re-implemented here.

* :func:`food_bank`: the food bank's distribution for a player count (seed: "The first player rolls the dice";
  the dice per player count are data, reference §4.2; ruling O1 for 6 players), with its mean;
* :func:`feeding_race`: the chance that each animal survives the turn (fed, hibernating, not eaten, not poisoned)
  when every player feeds by the course's race policy (lesson 14, :func:`evo_lab.theory.food_race.race_policy`);
  from the development phase the race is the one that follows if nobody plays another card;
* :func:`attack_odds`: a carnivore's attack on one animal as a tree (Running's die, the defender's choices among
  Running, Tail Loss and Mimicry, the kill, Poisonous, the Scavenger) and its outcomes when the defender keeps the
  most points (:func:`evo_lab.core.chance.expectimax`); :func:`attack_rows`: every other animal as prey of a
  carnivore, possible (with its odds) or blocked (by which trait).

An attack can be asked about in any phase: the odds are those of the attack made now, on this table, in its owner's
feeding turn (:func:`ready_to_attack`); :attr:`AttackRow.now` says whether it is legal at this very moment.

>>> from evo_lab.games.origin import build_position
>>> bank = food_bank(4)                               # 2d6 + 2
>>> bank.rule, bank.distribution[9], bank.mean
('2d6 + 2', Fraction(1, 6), Fraction(9, 1))
>>> s = build_position(players=2, bank=3, animals=["$C carn", "$R run, $T tail"])
>>> odds = attack_odds(s, s.names["C"], s.names["R"])
>>> odds.eaten, odds.escaped                          # Running: 4, 5 or 6 escapes
(Fraction(1, 2), Fraction(1, 2))
>>> [o.words for o in odds.outcomes]
["P2's animal 1 runs away (Running)", "P2's animal 1 is eaten; the carnivore gets 2 blue tokens"]
>>> attack_odds(s, s.names["C"], s.names["T"]).outcomes[0].words
"P2's animal 2 drops its Tail Loss card and survives (Tail Loss); the carnivore gets 1 blue token"
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from ...core.chance import DEFAULT_MAX_NODES, TreeNode, expectimax, leaves, outcome_distribution, outcome_tree
from ...core.errors import EvoLabError
from ...core.words import plural
from ...theory.food_race import bank_pmf, mean, race_policy
from . import events as ev
from .words import animal_words, find_animal, phase_words, trait_words

if TYPE_CHECKING:
    from .actions import Action
    from .game import OriginGame
    from .model import JSON
    from .rules import RuleOptions
    from .state import OriginState

__all__ = [
    "ATTACK_NODES",
    "AttackOdds",
    "AttackOutcome",
    "AttackRow",
    "FeedingRace",
    "FoodBank",
    "OddsError",
    "attack_odds",
    "attack_over",
    "attack_rows",
    "blocked_by",
    "feeding_race",
    "food_bank",
    "open_attack",
    "ready_to_attack",
    "why_no_attack",
]

#: The kinds of outcome, in the order a list shows them at equal odds.
KINDS = ("escaped", "tail", "eaten")
#: The nodes of an open attack: the defender's choice, the Running die, the paired triggers of the kill's food.
ATTACK_NODES = ("defend", "run", "share")


class OddsError(EvoLabError, ValueError):
    """Odds asked where they do not exist (an attack that cannot be made, a race after the feeding phase)."""


def attack_over(state: OriginState) -> bool:
    """Whether an attack has run its course at ``state`` (no defence, die or food trigger of it left)."""
    return state.node_name() not in ATTACK_NODES or state.phase_name() != "feeding"


# ---------------------------------------------------------------- the food bank
@dataclass(frozen=True)
class FoodBank:
    """The food bank of one turn: ``dice`` six-sided dice plus ``plus``, its exact ``distribution`` (total ->
    probability) and ``mean``."""

    players: int
    dice: int
    plus: int
    distribution: dict[int, Fraction]
    mean: Fraction

    @property
    def rule(self) -> str:
        return f"{self.dice}d6" + (f" + {self.plus}" if self.plus else "")

    def at_least(self, k: int) -> Fraction:
        """The chance that the bank holds at least ``k`` red tokens."""
        return sum((p for t, p in self.distribution.items() if t >= k), Fraction(0))


def food_bank(
    source: int | OriginGame | OriginState, options: RuleOptions | Mapping[str, JSON] | None = None
) -> FoodBank:
    """The food bank for ``source``: a player count (with rule ``options``), a game, or a state (at the ``food``
    node: the engine's chance outcomes; elsewhere: its game's dice)."""
    import evo_lab

    if isinstance(source, int):
        source = evo_lab.make_game("origin", players=source, options=options)
    game = cast("OriginGame", getattr(source, "game", source))
    if hasattr(source, "node_name") and source.node_name() == "food":
        dist = bank_pmf(source)
    else:
        dist = bank_pmf(game)
    dice, plus = game.food_dice
    return FoodBank(game.players, dice, plus, dict(dist), mean(dist))


# ---------------------------------------------------------------- the feeding race
@dataclass(frozen=True)
class FeedingRace:
    """The chance that each animal survives the turn (``survival``: animal id -> probability) when every decision
    follows ``policy``; ``start`` says from where the race was played, ``leaves`` how many ways it can end."""

    survival: dict[int, Fraction]
    expected: tuple[Fraction, ...]
    start: str
    leaves: int


def _to_food(state: OriginState) -> OriginState:
    """From the development phase: everybody passes (the table as it is) up to the food dice."""
    s = state.clone()
    while s.node_name() == "develop":
        s.apply_action(("pass",))
    return s


def feeding_race(
    state: OriginState,
    policy: Callable[[OriginState], Hashable] = race_policy,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> FeedingRace:
    """Every way this turn's feeding can go (the dice, the Running dice), decisions by ``policy``, played through
    the extinction phase: the exact chance that each animal on the table now survives it."""
    phase = state.phase_name()
    if phase == "development":
        s, start = _to_food(state), "if every player passes now (no more cards) and the dice are rolled"
    elif phase == "food":
        s, start = state, "from the roll of the food dice"
    elif phase == "feeding":
        s, start = state, "from this moment of the feeding phase"
    else:
        raise OddsError(f"there is no feeding phase left in this turn (now: {phase_words(state)})")
    ends = leaves(
        s, until=lambda t: t.phase_name() not in ("food", "feeding"), policy=policy, max_nodes=max_nodes
    )
    n = state.game.players
    ids = [a.id for p in range(n) for a in state.animals(p)]
    surv = {x: Fraction(0) for x in ids}
    for leaf in ends:
        alive = {a.id for p in range(n) for a in leaf.state.animals(p)}
        for x in ids:
            if x in alive:
                surv[x] += leaf.probability
    owner = {a.id: p for p in range(n) for a in state.animals(p)}
    expected = tuple(sum((v for x, v in surv.items() if owner[x] == p), Fraction(0)) for p in range(n))
    return FeedingRace(surv, expected, start, len(ends))


# ---------------------------------------------------------------- attacks
def ready_to_attack(state: OriginState, carnivore: int) -> OriginState:
    """A state where the carnivore's owner takes the eating action of a feeding turn on this table: ``state``
    itself when it already is so (the owner to act, its eating action not yet taken), else a copy of the position
    with a fresh feeding turn handed to the owner (the same table, bank and usage marks)."""
    a = find_animal(state, carnivore)
    if a is None:
        raise OddsError(f"there is no animal {carnivore} on the table")
    phase, node = state.phase_name(), state.node_name()
    if node in ATTACK_NODES or state.is_terminal() or phase not in ("development", "food", "feeding"):
        raise OddsError(
            "an attack can be asked about in the development, food and feeding phases, with no attack "
            f"open (now: {phase_words(state)})"
        )
    if node == "feed" and state.current_player() == a.owner and not state.observation(None)["ate"]:
        return state
    body = state.state_dict()
    body.update(
        phase="feeding",
        node="feed",
        mover=a.owner,
        actor=a.owner,
        acted=False,
        ate=False,
        attack=None,
        shares=[],
        queue=[],
        deal=None,
    )
    return type(state).load_state(state.game, body)


def why_no_attack(state: OriginState, carnivore: int) -> str:
    """Why the carnivore has no attack in its owner's feeding turn ("" when it has one)."""
    s = ready_to_attack(state, carnivore)
    if any(x[0] == "attack" and x[1] == carnivore for x in s.legal_actions()):
        return ""
    a = find_animal(s, carnivore)
    assert a is not None, "ready_to_attack found it"
    g = s.game
    if g.CARN not in {t for t, _c in a.traits}:
        return "it is not a carnivore"
    if s.stamps_used(carnivore)["attack"]:
        return "it has already attacked this turn (once per turn)"
    if a.sleeping:
        return "it is hibernating"
    if a.food >= a.need and a.fat_full >= a.fat:
        return "it is fed and has no empty Fat Tissue (the rulebook lets a fed carnivore attack only to fill one)"
    if (
        s.bank >= 0
        and not any(x[0] == "eat" and x[1] == carnivore for x in s.legal_actions())
        and a.protectors
    ):
        return "it may not take food before its symbiont is fed (Symbiosis)"
    return "no animal on the table can be attacked by it"


def blocked_by(state: OriginState, carnivore: int, target: int) -> str:
    """The trait that keeps ``carnivore`` from attacking ``target`` at all, in words ("" when none): the static
    defences of the trait registry (Camouflage, High Body Weight, Swimming, Burrowing while fed, Symbiosis)."""
    from .traits import REGISTRY

    g = state.game
    c, t = find_animal(state, carnivore), find_animal(state, target)
    if c is None or t is None:
        raise OddsError(f"there is no animal {carnivore if c is None else target} on the table")
    name = {tid: trait_words(g, i) for i, tid in enumerate(g.trait_ids)}
    have = {g.trait_ids[x] for x, _ in c.traits}
    for x, _ in t.traits:
        need = REGISTRY[g.trait_ids[x]].attacker_needs
        if need and need not in have:
            return f"{name[g.trait_ids[x]]} (only a carnivore with {name[need]} may attack it)"
    prey = {g.trait_ids[x] for x, _ in t.traits}
    for tid in have:
        need = REGISTRY[tid].prey_needs
        if need and need not in prey:
            return f"the carnivore's {name[tid]} (it attacks only animals with {name[need]})"
    for tid in sorted(prey):
        rule = REGISTRY[tid]
        if (
            rule.blocks is not None
            and g.target_of[g.trait_ids.index(tid)] != "pair"
            and rule.blocks(state, c, t)
        ):
            return f"{name[tid]} (it cannot be attacked while it is fed)" if tid == "burrowing" else name[tid]
    for L in state.links:
        rule = REGISTRY[g.trait_ids[L.kind]]
        if L.b == target and rule.blocks is not None and rule.directed:
            return (
                f"{name[g.trait_ids[L.kind]]} (its symbiont, "
                f"{animal_words(state, L.a, traits=False)}, protects it)"
            )
    return ""


#: What happened in an attack (:func:`_key`): kind, prey, the dropped trait's name, the carnivore's food, poisoned,
#: the scavenger fed, the animals Mimicry passed the attack to.
OutcomeKey = tuple[str, int, str, int, bool, int, tuple[int, ...]]


@dataclass(frozen=True)
class AttackOutcome:
    """One way an attack can end: ``kind`` (``"eaten"``, ``"escaped"`` by Running, ``"tail"``: a trait dropped by
    Tail Loss), ``prey`` (the animal attacked last: Mimicry may move the attack), ``dropped`` (the trait's name),
    ``food`` (blue tokens the carnivore got), ``poisoned``, ``scavenger`` (the animal fed by Scavenger, or 0),
    ``redirected`` (the animals Mimicry passed the attack to), ``probability`` and ``words``."""

    kind: str
    prey: int
    probability: Fraction
    words: str
    dropped: str = ""
    food: int = 0
    poisoned: bool = False
    scavenger: int = 0
    redirected: tuple[int, ...] = ()


def _key(before: OriginState, attacker: int, target: int, leaf: OriginState) -> OutcomeKey:
    """What happened in the attack, from the engine's events since the state ``before`` it."""
    kind, prey, dropped, food, poisoned, scav = "", target, "", 0, False, 0
    moved: list[int] = []
    for e in leaf.events()[len(before.events()) :]:
        if isinstance(e, ev.Redirected):
            moved.append(e.target)
            prey = e.target
        elif isinstance(e, ev.Escaped):
            kind = "escaped"
        elif isinstance(e, ev.TailLost):
            kind, dropped = "tail", trait_words(before.game, e.trait)
        elif isinstance(e, ev.Killed):
            kind, prey = "eaten", e.prey
        elif isinstance(e, ev.Poisoned):
            poisoned = True
        elif isinstance(e, ev.Ate) and e.animal == attacker and e.source in ("kill", "tail_loss"):
            food += e.red + e.blue + e.fat
        elif isinstance(e, ev.Ate) and e.source == "scavenger":
            scav = e.animal
    return kind, prey, dropped, food, poisoned, scav, tuple(moved)


def _order(kind: str) -> int:
    return KINDS.index(kind) if kind in KINDS else len(KINDS)


def _words(root: OriginState, key: OutcomeKey) -> str:
    kind, prey, dropped, food, poisoned, scav, moved = key
    who = animal_words(root, prey, traits=False)
    head = "".join(f"Mimicry turns the attack onto {animal_words(root, m, traits=False)}; " for m in moved)
    if kind == "escaped":
        return f"{head}{who} runs away (Running)"
    if kind == "tail":
        return (
            f"{head}{who} drops its {dropped} card and survives (Tail Loss); the carnivore gets "
            f"{plural(food, 'blue token')}"
        )
    text = f"{head}{who} is eaten; the carnivore gets {plural(food, 'blue token')}"
    if poisoned:
        text += "; it is poisoned (Poisonous) and dies at the end of the turn"
    if scav:
        text += f"; {animal_words(root, scav, traits=False)} gets a blue token (Scavenger)"
    return text


@dataclass
class AttackOdds:
    """A carnivore's attack on one animal: the position ``before`` it (in the owner's feeding turn), the ``state``
    right after it, the whole ``tree`` (:class:`~evo_lab.core.chance.TreeNode`: the die,
    the defender's choices, the leaves), the ``outcomes`` when the defender keeps the most points (most likely
    first), the defender's best first choice (``defence``, an action or ``None``), and what each leaf of the tree
    means (``leaf_words``)."""

    attacker: int
    target: int
    before: OriginState
    state: OriginState
    tree: TreeNode
    outcomes: list[AttackOutcome]
    defence: Hashable | None
    leaf_words: dict[int, str] = field(default_factory=dict)

    def _p(self, kind: str) -> Fraction:
        return sum((o.probability for o in self.outcomes if o.kind == kind), Fraction(0))

    @property
    def eaten(self) -> Fraction:
        return self._p("eaten")

    @property
    def escaped(self) -> Fraction:
        return self._p("escaped")

    @property
    def tail(self) -> Fraction:
        return self._p("tail")

    @property
    def food(self) -> Fraction:
        """The carnivore's expected blue tokens."""
        return sum((o.probability * o.food for o in self.outcomes), Fraction(0))


def attack_odds(state: OriginState, attacker: int, target: int, max_nodes: int = 20_000) -> AttackOdds:
    """The attack of carnivore ``attacker`` on ``target`` (ids), made now (see :func:`ready_to_attack`)."""
    s = ready_to_attack(state, attacker)
    act = ("attack", attacker, target)
    if act not in s.legal_actions():
        why = blocked_by(s, attacker, target) or why_no_attack(s, attacker) or "the rules do not allow it now"
        raise OddsError(
            f"{animal_words(s, attacker, traits=False)} cannot attack "
            f"{animal_words(s, target, traits=False)}: {why}"
        )
    root = s.clone()
    root.apply_action(act)
    return _odds(s, root, attacker, target, max_nodes)


def open_attack(state: OriginState, max_nodes: int = 20_000) -> AttackOdds | None:
    """The odds of the attack under way at ``state`` (the defender to choose, or Running's die to roll), from this
    moment on; ``None`` when no attack is open."""
    atk = state.observation(None).get("attack") if state.node_name() in ("defend", "run") else None
    if not atk:
        return None
    return _odds(state, state.clone(), atk["attacker"], atk["target"], max_nodes)


def _odds(s: OriginState, root: OriginState, attacker: int, target: int, max_nodes: int) -> AttackOdds:
    """The tree and the outcomes of an attack from ``root`` (``s``: the position the words name animals in)."""
    prey = find_animal(s, target)
    assert prey is not None, "the attack was legal"
    defender = prey.owner

    until = attack_over

    def first(t: OriginState) -> Action:
        return t.legal_actions()[0]

    def keep(t: OriginState) -> list[int]:
        return t.current_scores()

    def best(t: OriginState) -> Hashable:
        if t.node_name() != "defend":
            return first(t)
        return expectimax(
            t, keep, players=[t.current_player()], until=until, policy=first, max_nodes=max_nodes
        ).action

    tree = outcome_tree(
        root, until=until, policy=first, branch=lambda t: t.node_name() == "defend", max_nodes=max_nodes
    )
    dist = outcome_distribution(
        root, lambda t: _key(s, attacker, target, t), until=until, policy=best, max_nodes=max_nodes
    )
    keyed = [(cast(OutcomeKey, k), p) for k, p in dist.items()]
    outs = [
        AttackOutcome(k[0], k[1], p, _words(s, k), k[2], k[3], k[4], k[5], k[6])
        for k, p in sorted(keyed, key=lambda kp: (-kp[1], _order(kp[0][0])))
    ]
    defence = (
        expectimax(root, keep, players=[defender], until=until, policy=first, max_nodes=max_nodes).action
        if root.node_name() == "defend"
        else None
    )
    words = {id(x): _words(s, _key(s, attacker, target, x.state)) for x in tree.leaves()}
    return AttackOdds(attacker, target, s, root, tree, outs, defence, words)


@dataclass(frozen=True)
class AttackRow:
    """One other animal seen from a carnivore: ``target``, ``blocked`` (the trait that protects it, "" when
    the attack is possible), ``odds`` (when possible), ``now`` (the attack is a legal action at this moment)."""

    target: int
    blocked: str
    odds: AttackOdds | None
    now: bool


def attack_rows(state: OriginState, carnivore: int, odds: bool = True) -> list[AttackRow]:
    """Every other animal on the table, seat by seat, as prey of ``carnivore``: blocked (by which trait) or
    possible (with its :class:`AttackOdds` when ``odds``). Empty when the carnivore has no attack at all
    (:func:`why_no_attack` says why)."""
    s = ready_to_attack(state, carnivore)
    legal = {x[2] for x in s.legal_actions() if x[0] == "attack" and x[1] == carnivore}
    if not legal:
        return []
    now = set()
    if s is state:
        now = legal
    rows = []
    for p in range(state.game.players):
        for a in state.animals(p):
            if a.id == carnivore:
                continue
            if a.id in legal:
                rows.append(
                    AttackRow(a.id, "", attack_odds(s, carnivore, a.id) if odds else None, a.id in now)
                )
            else:
                rows.append(AttackRow(a.id, blocked_by(s, carnivore, a.id) or "the rules", None, False))
    return rows
