"""The trait registry: one :class:`TraitRule` per base trait, with its hooks.

The numbers of a trait (its extra food need, its score bonus, where it may be played, whether it stacks) are data
(``traits.json``); what it *does* is here, one entry each, as small functions the phases call:

=================  ===========================================================================================
``excludes``       placement: traits that may not share an animal with it (Scavenger / Carnivorous)
``attacker_needs`` static defence as data: only a carnivore with that trait may attack (Camouflage, High Body
                   Weight, Swimming)
``prey_needs``     the other half of Swimming: a carnivore with it may attack only animals with that trait
``blocks``         conditional static defence ``(state, carnivore, target) -> bool`` (Burrowing while fed,
                   Symbiosis while the symbiont lives)
``defend``         active defence ``(state, carnivore, target, running) -> (actions, compulsory)`` (Running,
                   Mimicry, Tail Loss)
``feeding``        actions of the owner's feeding turn ``(state, animal) -> actions``; ``eating=True`` marks them
                   as the turn's one eating action (Carnivorous attacks, Fat Tissue), else free (Piracy, Grazing,
                   Hibernation)
``actions``        ``{action kind: apply(state, action)}``
``on_eaten``       ``(state, carnivore, prey)`` when an animal with it is eaten (Poisonous)
``on_any_kill``    ``(state, carnivore)`` after any kill (Scavenger)
``directed``       a paired trait whose two animals play different roles (Symbiosis: symbiont, protected)
``effects``        deferred steps it queues (the scavenger's meal waits until the carnivore's triggers settled)
``trigger``        paired food triggers: ``"bank"`` (Communication: red from the bank) or ``"any"`` (Cooperation),
                   and ``gives`` what the partner gets (``"red"`` from the bank or ``"blue"``)
=================  ===========================================================================================

Every entry quotes its card text (``text``, from the MC transcription of the official English card texts, via
the reference notes) and cites its refinements.

>>> sorted(REGISTRY) == sorted(t.id for t in __import__("evo_lab.games.origin.data", fromlist=["x"]).load_pack().traits)
True
>>> REGISTRY["camouflage"].attacker_needs
'sharp_vision'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from collections.abc import Callable, Mapping

from . import attack
from . import events as ev
from .actions import Attack, BurnFat, DropPairedTrait, DropTrait, Graze, Hibernate, Mimic, Pirate, Run
from .model import Animal, can_eat, fed, room
from .sharing import feed

if TYPE_CHECKING:
    from .actions import Action
    from .game import OriginGame
    from .state import OriginState

__all__ = [
    "TraitRule",
    "REGISTRY",
    "compile_registry",
    "ActionHook",
    "BlockHook",
    "DefendHook",
    "EatenHook",
    "FeedHook",
    "KillHook",
]

#: ``(state, carnivore, target) -> bool``: a conditional static defence holds (the attack is impossible).
BlockHook = Callable[["OriginState", Animal, Animal], bool]
#: ``(state, carnivore, target, running) -> (actions, compulsory)``: an active defence's choices.
DefendHook = Callable[["OriginState", Animal, Animal, int], "tuple[list[Action], bool]"]
#: ``(state, animal) -> actions``: what a trait lets its animal do in its owner's feeding turn.
FeedHook = Callable[["OriginState", Animal], "list[Action]"]
#: ``(state, action)``: apply an action (or a queued effect) of the kind it is registered for.
ActionHook = Callable[["OriginState", "Action"], None]
#: ``(state, carnivore, prey)``: the prey with this trait was eaten.
EatenHook = Callable[["OriginState", Animal, Animal], None]
#: ``(state, carnivore)``: any animal was eaten.
KillHook = Callable[["OriginState", Animal], None]


@dataclass(frozen=True)
class TraitRule:
    id: str
    text: str
    excludes: tuple[str, ...] = ()
    attacker_needs: str | None = None
    prey_needs: str | None = None
    blocks: BlockHook | None = None
    defend: DefendHook | None = None
    feeding: FeedHook | None = None
    eating: bool = False
    actions: Mapping[str, ActionHook] = field(default_factory=dict)
    on_eaten: EatenHook | None = None
    on_any_kill: KillHook | None = None
    trigger: str | None = None
    gives: str | None = None
    effects: Mapping[str, ActionHook] = field(default_factory=dict)
    directed: bool = False


# ---------------------------------------------------------------- Carnivorous
def _carnivore_actions(s: OriginState, a: Animal) -> list[Action]:
    if s.ate or a.attacked_at == s.turn or not can_eat(s, a):
        return []
    c = a.id
    by_target = s.game.attack_actions.get(c)  # the typed attacks, built once a game (:mod:`.actions`)
    if by_target is None:
        by_target = s.game.attack_actions[c] = {}
    targets = attack.targets(s, a)
    try:
        return [by_target[t] for t in targets]
    except KeyError:  # an attack not built yet
        return [by_target.get(t) or by_target.setdefault(t, Attack("attack", c, t)) for t in targets]


def _attack(s: OriginState, act: Action) -> None:
    attack.start(s, s.animal_by_id[act[1]], s.animal_by_id[act[2]])


# ---------------------------------------------------------------- Fat Tissue
def _fat_actions(s: OriginState, a: Animal) -> list[Action]:
    if s.ate or not a.fat_full or fed(a):
        return []
    k = min(a.fat_full, a.need - a.red - a.blue)
    made, x = s.game.trait_actions, a.id
    return [
        made.get(("fat", x, i)) or made.setdefault(("fat", x, i), BurnFat("fat", x, i))
        for i in range(1, k + 1)
    ]


def _burn_fat(s: OriginState, act: Action) -> None:
    a = s.animal_by_id[act[1]]
    a.fat_full -= act[2]
    a.blue += act[2]
    s.ate = s.acted = True
    s.emit(ev.FatBurned(a.id, act[2]))


# ---------------------------------------------------------------- Running
def _running(s: OriginState, c: Animal, t: Animal, running: int) -> tuple[list[Action], bool]:
    if running != attack.NOT_TRIED:
        return [], False
    return [Run("run", t.id)], True


def _run(s: OriginState, act: Action) -> None:
    s.attack[2] = attack.ROLLING  # type: ignore[index]  # an attack is open here


# ---------------------------------------------------------------- Mimicry
def _mimicry(s: OriginState, c: Animal, t: Animal, running: int) -> tuple[list[Action], bool]:
    if t.mimicked_at == s.turn:
        return [], False
    A = s.animal_by_id
    out: list[Action] = [
        Mimic("mimic", t.id, x)
        for x in s.rows[t.owner]
        if x != t.id and x != c.id and attack.attackable(s, c, A[x])
    ]
    return out, bool(out) and s.game.options.mimicry_compulsory


def _mimic(s: OriginState, act: Action) -> None:
    t = s.animal_by_id[act[1]]
    t.mimicked_at = s.turn
    s.attack = [s.attack[0], act[2], attack.NOT_TRIED]  # type: ignore[index]  # an attack is open here
    s.emit(ev.Redirected(act[1], act[2]))


# ---------------------------------------------------------------- Tail Loss
def _tail_loss(s: OriginState, c: Animal, t: Animal, running: int) -> tuple[list[Action], bool]:
    seen: set[int] = set()
    out: list[Action] = []
    for tr, _ in t.traits:
        if tr not in seen:
            seen.add(tr)
            out.append(DropTrait("tail", t.id, tr))
    for L in s.links:
        if L.a == t.id or L.b == t.id:
            out.append(DropPairedTrait("tail", t.id, L.kind, L.other(t.id)))
    return out, s.game.options.tail_loss_compulsory


def _drop_tail(s: OriginState, act: Action) -> None:
    attack.tail_loss_escape(s, s.animal_by_id[act[1]], act[2], act[3] if len(act) > 3 else -1)


# ---------------------------------------------------------------- Piracy
def _piracy_actions(s: OriginState, a: Animal) -> list[Action]:
    o = s.game.options
    if a.pirated_at == s.turn or not can_eat(s, a) or (o.piracy_needs_hunger and fed(a)):
        return []
    A = s.animal_by_id
    made = s.game.trait_actions
    out: list[Action] = []
    for row in s.rows:
        for x in row:
            v = A[x]
            if x != a.id and v.red + v.blue > 0 and not fed(v):
                key = ("pirate", a.id, x)
                out.append(made.get(key) or made.setdefault(key, Pirate("pirate", a.id, x)))
    return out


def _steal(s: OriginState, act: Action) -> None:
    a, v = s.animal_by_id[act[1]], s.animal_by_id[act[2]]
    a.pirated_at = s.turn
    if v.red:
        v.red -= 1
    else:
        v.blue -= 1
    s.acted = True
    s.emit(ev.Pirated(a.id, v.id))
    feed(s, a, 1, True, "piracy")


# ---------------------------------------------------------------- Grazing
def _grazing_actions(s: OriginState, a: Animal) -> list[Action]:
    if s.bank <= 0 or a.grazed_at == s.stamp(s.game.options.grazing_limit):
        return []
    key = ("graze", a.id)
    made = s.game.trait_actions
    return [made.get(key) or made.setdefault(key, Graze("graze", a.id))]


def _graze(s: OriginState, act: Action) -> None:
    a = s.animal_by_id[act[1]]
    a.grazed_at = s.stamp(s.game.options.grazing_limit)
    s.bank -= 1
    s.acted = True
    s.emit(ev.Grazed(a.id))


# ---------------------------------------------------------------- Hibernation
def _hibernation_actions(s: OriginState, a: Animal) -> list[Action]:
    if a.hibernated_at >= s.turn - 1 or s.deck_n == 0 or room(a) <= 0:
        return []
    key = ("hibernate", a.id)
    made = s.game.trait_actions
    return [made.get(key) or made.setdefault(key, Hibernate("hibernate", a.id))]


def _hibernate(s: OriginState, act: Action) -> None:
    a = s.animal_by_id[act[1]]
    a.sleeping = True
    a.hibernated_at = s.turn
    s.acted = True
    s.emit(ev.Hibernated(a.id))


# ---------------------------------------------------------------- Poisonous, Scavenger, Burrowing, Symbiosis
def _poison(s: OriginState, c: Animal, prey: Animal) -> None:
    c.poisoned = True
    s.emit(ev.Poisoned(c.id))


def _scavenge(s: OriginState, c: Animal) -> None:
    s.pending_effects.append(("scavenge", c.owner))


def scavenge(s: OriginState, eff: Action) -> None:
    """One scavenger gets 1 blue: the first (leftmost) that can eat, from the carnivore's owner clockwise."""
    start_seat = eff[1]
    g = s.game
    n = g.players
    bit = g.bit[g.SCAV]
    for k in range(n):
        for x in s.rows[(start_seat + k) % n]:
            a = s.animal_by_id[x]
            if a.mask & bit and can_eat(s, a):
                feed(s, a, g.setup["scavenger_food"], True, "scavenger")
                return


def _burrowed(s: OriginState, c: Animal, t: Animal) -> bool:
    return fed(t)


def _protected(s: OriginState, c: Animal, t: Animal) -> bool:
    return t.protectors > 0


REGISTRY: dict[str, TraitRule] = {
    r.id: r
    for r in (
        TraitRule(
            "carnivorous",
            "Instead of taking food, may attack another animal (its owner's too); a kill gives 2 blue; "
            "once per turn; not while fed with no empty fat (seed)",
            excludes=("scavenger",),
            feeding=_carnivore_actions,
            eating=True,
            actions={"attack": _attack},
        ),
        TraitRule(
            "fat_tissue",
            "Stores surplus food as yellow tokens; instead of taking food they turn into blue (MC)",
            feeding=_fat_actions,
            eating=True,
            actions={"fat": _burn_fat},
        ),
        TraitRule(
            "swimming",
            "Can only be attacked by a carnivore possessing SWIMMING; a carnivore with SWIMMING can only "
            "attack an animal with SWIMMING (MC)",
            attacker_needs="swimming",
            prey_needs="swimming",
        ),
        TraitRule(
            "running",
            "When attacked, roll one die; on 4, 5 or 6 the animal survives; cannot be refused (MC)",
            defend=_running,
            actions={"run": _run},
        ),
        TraitRule(
            "mimicry",
            "When attacked, you can choose another animal to be attacked by the carnivorous instead; "
            "once per turn; no such animal: it cannot be used (MC)",
            defend=_mimicry,
            actions={"mimic": _mimic},
        ),
        TraitRule(
            "scavenger",
            "When any other animal has been eaten, one scavenger gets blue, starting from the "
            "carnivore's owner and proceeding clockwise; not with Carnivorous (MC)",
            excludes=("carnivorous",),
            on_any_kill=_scavenge,
            effects={"scavenge": scavenge},
        ),
        TraitRule(
            "symbiosis",
            "Played on two animals; the second cannot be attacked as long as the symbiont survives, "
            "and can receive food only after the symbiont has been FED (MC)",
            blocks=_protected,
            directed=True,
        ),
        TraitRule(
            "piracy",
            "Take one token from another animal that received food this turn but is not yet FED; once "
            "per turn (MC)",
            feeding=_piracy_actions,
            actions={"pirate": _steal},
        ),
        TraitRule(
            "tail_loss",
            "When attacked, discard this or any other trait card of the animal; it survives; the "
            "carnivore gets only one blue (MC)",
            defend=_tail_loss,
            actions={"tail": _drop_tail},
        ),
        TraitRule(
            "communication",
            "When one animal gets red from the food bank, the other gets red out of the queue (MC)",
            trigger="bank",
            gives="red",
        ),
        TraitRule(
            "grazing",
            "During each of your feeding turns, destroy one red from the food bank (MC)",
            feeding=_grazing_actions,
            actions={"graze": _graze},
        ),
        TraitRule(
            "high_body_weight",
            "Can only be attacked by a carnivore with HIGH BODY WEIGHT (MC)",
            attacker_needs="high_body_weight",
        ),
        TraitRule(
            "hibernation",
            "Use in your feeding turn: the animal is considered FED; not two turns in a row, not in "
            "the last turn (MC)",
            feeding=_hibernation_actions,
            actions={"hibernate": _hibernate},
        ),
        TraitRule(
            "poisonous",
            "The carnivore who has eaten this animal dies in the extinction phase of this turn (MC)",
            on_eaten=_poison,
        ),
        TraitRule(
            "cooperation",
            "When one animal receives red or blue, the second immediately receives one blue (MC)",
            trigger="any",
            gives="blue",
        ),
        TraitRule("burrowing", "Cannot be attacked by a carnivore when it is FED (MC)", blocks=_burrowed),
        TraitRule(
            "camouflage",
            "Can only be attacked by a carnivore possessing SHARP VISION (MC)",
            attacker_needs="sharp_vision",
        ),
        TraitRule(
            "sharp_vision", "A carnivore possessing this trait can attack an animal with CAMOUFLAGE (MC)"
        ),
        TraitRule(
            "parasite", "Played only on another player's animal; needs 2 more food; one per animal (MC)"
        ),
    )
}


def compile_registry(g: OriginGame) -> None:
    """Turn the registry into the game's lookup tables (bits, masks, hook lists in trait order)."""
    idx = g.pack.trait_index
    missing = [t.id for t in g.pack.traits if t.id not in REGISTRY]
    if missing:
        from ...core.errors import GameConfigError

        raise GameConfigError(f"the data pack has traits without rules: {', '.join(missing)}")
    n = len(g.pack.traits)
    g.bit = [1 << i for i in range(n)]
    g.attacker_needs_of, g.prey_needs_of, g.excludes_of = [0] * n, [0] * n, [0] * n
    g.cond_blocks, g.link_blocks, g.defences, g.on_eaten, g.on_any_kill = [], [], [], [], []
    g.feed_hooks, g.actions, g.effects, g.trigger_of, g.gives_of = [], {}, {}, {}, {}
    for t in g.pack.traits:
        i, r = idx[t.id], REGISTRY[t.id]
        if r.attacker_needs:
            g.attacker_needs_of[i] = g.bit[idx[r.attacker_needs]]
        if r.prey_needs:
            g.prey_needs_of[i] = g.bit[idx[r.prey_needs]]
        for x in r.excludes:
            g.excludes_of[i] |= g.bit[idx[x]]
        if r.blocks:
            (
                g.link_blocks.append(r.blocks)
                if t.target == "pair"
                else g.cond_blocks.append((g.bit[i], r.blocks))
            )
        if r.defend:
            g.defences.append((g.bit[i], r.defend))
        if r.feeding:
            g.feed_hooks.append((g.bit[i], r.feeding, r.eating))
        if r.on_eaten:
            g.on_eaten.append((g.bit[i], r.on_eaten))
        if r.on_any_kill:
            g.on_any_kill.append(r.on_any_kill)
        if r.trigger:
            g.trigger_of[i], g.gives_of[i] = r.trigger, r.gives
        g.actions.update(r.actions)
        g.effects.update(r.effects)
    g.feed_mask = 0
    for bit, _, _ in g.feed_hooks:
        g.feed_mask |= bit
    g.directed = [REGISTRY[t.id].directed for t in g.pack.traits]
