"""The genes of Evo 2e: a registry of what each gene does (rulebook, "Normal genes" and "Unique genes").

Two kinds of gene:

* **numeric genes** are data: their ``effects`` in the pack's ``genes.json`` say what each copy (normal genes)
  or the gene (unique genes) adds to the player's numbers (:data:`EFFECTS`): Large horn ``{"attack_horns": 2}``,
  Strong thighs ``{"movement": 2}``, Thick shell ``{"birth_range": 3}``, Regeneration ``{"protected_size": 3}``,
  Cave dweller ``{"deadly_survivors": 1}``; a numeric gene needs one :class:`GeneRule` entry and its data;
* **flow-changing genes** add *hooks*, named functions the phases call at fixed points: Wings and Flippers
  (``move_options``: extra movement actions), Killer babies (``birth_onto``: newborns on enemy spaces),
  Chameleon skin (``defeated``: the beaten defender may escape), Adrenaline rush (``initiative``: choose a place
  on the track) and Sixth sense (``peek``: the next climate token is seen early).

>>> import evo_lab
>>> s = evo_lab.build_position(players=2, phase="movement", unique={"P1": ["large_horn", "strong_thighs"]})
>>> attack_strength(s, 0), movement_points(s, 0), floor(s, 0)
(2, 4, 2)
>>> sorted(GENES["wings"].hooks)
['explain', 'move_apply', 'move_options']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple
from collections.abc import Callable, Mapping

from . import events as E
from . import ops
from .actions import ESCAPE, FLIPPERS, INITIATIVE, PASS, WINGS, Action
from .flow import INITIATIVE_PHASE, MOVEMENT, Node, Step, register_node

if TYPE_CHECKING:
    from .game import Game
    from .state import State

__all__ = [
    "EFFECTS",
    "GeneRule",
    "GENES",
    "register_gene",
    "Stats",
    "stats",
    "movement_points",
    "eggs",
    "discount",
    "attack_strength",
    "defence_strength",
    "floor",
    "birth_range",
    "survival_allowance",
    "has",
    "hooks",
    "HOOK_POINTS",
]

#: What a gene may add, and how several sources combine: summed, or the largest value counts.
EFFECTS = {
    "movement": "sum",
    "attack_horns": "sum",
    "defence_horns": "sum",
    "births": "sum",
    "hot_survivors": "sum",
    "cold_survivors": "sum",
    "deadly_survivors": "sum",
    "discount": "sum",
    "birth_range": "max",
    "protected_size": "max",
}

#: A gene hook. Each point of :data:`HOOK_POINTS` has its own signature (said there), so the table of hooks
#: holds callables of several shapes.
Hook = Callable[..., Any]

#: Where the phases call gene hooks: ``point -> signature``.
HOOK_POINTS = {
    "move_options": "(state, player, space, actions): append the dinosaur on space's extra movement actions",
    "move_apply": "(state, action): after the dinosaur stepped (mark the gene used)",
    "explain": "(state, action, text) -> (message, reason) | None: why one of the gene's actions is illegal",
    "birth_onto": "(state, player) -> bool: may the player's newborns go onto unprotected enemy dinosaurs "
    "(a fact of the genes: cached by gene mask)",
    "defeated": "(state, src, dst, attacker, defender) -> bool: the beaten defender's gene acts (True: a decision)",
    "initiative": "(state) -> bool: after the track is sorted (True: a decision)",
    "peek": "(state) -> bool: must the next climate token be fixed now (someone sees it)",
}


@dataclass(frozen=True)
class GeneRule:
    """One gene: its id (as in the data pack), its hooks (``point -> function``) and a line of doc."""

    id: str
    hooks: Mapping[str, Hook] = field(default_factory=dict)
    doc: str = ""


GENES: dict[str, GeneRule] = {}


def register_gene(rule: GeneRule) -> GeneRule:
    """Add a gene to the registry (a data pack may then name it)."""
    bad = set(rule.hooks) - set(HOOK_POINTS)
    if bad:
        raise ValueError(f"unknown hook point(s) {sorted(bad)}; points are {', '.join(HOOK_POINTS)}")
    GENES[rule.id] = rule
    return rule


class Stats(NamedTuple):
    """A player's numbers from the unique genes (base values included), in :data:`EFFECTS` order."""

    movement: int
    attack_horns: int
    defence_horns: int
    births: int
    hot_survivors: int
    cold_survivors: int
    deadly_survivors: int
    discount: int
    birth_range: int
    protected_size: int


_FIELDS = Stats._fields
MOVE_I, ATT_I, DEF_I, BIRTHS_I, HOT_I, COLD_I, DEADLY_I, DISC_I = range(8)


class _StatsTable(dict[int, "Stats"]):
    """``mask -> Stats`` of a game's unique genes, filled on first use (at most ``2**12`` masks)."""

    def __init__(self, game: Game):
        super().__init__()
        s = game.data.setup
        self.base = {
            "movement": s["base_movement"],
            "births": s["starting_eggs"],
            "birth_range": s["birth_range"],
            "protected_size": s["protected_clan_size"],
            "hot_survivors": s.get("base_hot_survivors", 0),
            "cold_survivors": s.get("base_cold_survivors", 0),
        }
        self.uniques = [(game.bit[u.id], u.effects) for u in game.data.unique_genes]

    def __missing__(self, mask: int) -> Stats:
        vals = {f: self.base.get(f, 0) for f in _FIELDS}
        for bit, eff in self.uniques:
            if mask & bit:
                for k, v in eff.items():
                    vals[k] = max(vals[k], v) if EFFECTS[k] == "max" else vals[k] + v
        st = Stats(**vals)
        self[mask] = st
        return st


def tables(game: Game) -> None:
    """Per-game tables the hot paths read: unique-gene stats by mask, per-copy effects of the normal genes, the
    hooks by point (``game.hook_table[point]``: ``[(bit, function)]`` of the pack's genes)."""
    game.ustats = _StatsTable(game)
    game.slot_effects = tuple(
        tuple((i, g.effects.get(f, 0)) for i, g in enumerate(game.data.normal_genes) if g.effects.get(f, 0))
        for f in _FIELDS
    )
    present = [gid for gid in GENES if gid in game.bit]  # registry order: hooks run in a fixed order
    game.hook_table = {
        pt: [(game.bit[gid], GENES[gid].hooks[pt]) for gid in present if pt in GENES[gid].hooks]
        for pt in HOOK_POINTS
    }
    game.move_option_hooks = {}  # mask -> tuple of move_options hooks (filled on use)
    game.births_onto = {}  # mask -> whether birth_onto hooks allow newborns on enemies (filled on use)


def stats(s: State, p: int) -> Stats:
    """``p``'s numbers: base values, the unique genes and every copy of the normal genes."""
    g = s.game
    u = g.ustats[s.unique_bits[p]]
    return Stats(*(u[i] + _normal(s, p, i) for i in range(8)), u.birth_range, u.protected_size)  # type: ignore[call-arg]


def _normal(s: State, p: int, f: int) -> int:
    """What ``p``'s copies of the normal genes add to field ``f`` (per-copy effects of the pack)."""
    g = s.game
    base = g.n_normal * p
    genes = s.genes
    v = 0
    for i, m in g.slot_effects[f]:
        v += genes[base + i] * m
    return v


def _total(s: State, p: int, f: int) -> int:
    """Field ``f`` of ``p``'s numbers: base value, unique genes and the copies of the normal genes."""
    g = s.game
    v = g.ustats[s.unique_bits[p]][f]
    base = g.n_normal * p
    genes = s.genes
    for i, m in g.slot_effects[f]:
        v += genes[base + i] * m
    return v


def has(s: State, p: int, gene: str) -> bool:
    """Whether ``p`` owns unique gene ``gene`` (False for a gene the pack does not have)."""
    return bool(s.unique_bits[p] & s.game.bit.get(gene, 0))


def movement_points(s: State, p: int) -> int:
    """ "All the dinosaur species start with 2 movement points. Each extra pair of legs adds an extra movement
    point." (+ Strong thighs: "2 extra movement points"; all from the pack's effects)."""
    return _total(s, p, MOVE_I)


def eggs(s: State, p: int) -> int:
    """Births per round: "All the dinosaur species start with one egg", one more per egg gene."""
    return _total(s, p, BIRTHS_I)


def discount(s: State, p: int) -> int:
    """Alchemical vials: "reduces the cost of genes and cards bought in subsequent rounds by 1"."""
    return _total(s, p, DISC_I)


def attack_strength(s: State, p: int) -> int:
    """Horns counted when attacking: horns, Large horn, and event cards played this phase (Frenzied attack)."""
    return _total(s, p, ATT_I) + s.frenzy[p]


def defence_strength(s: State, p: int) -> int:
    """Horns counted when defending: horns and Bony plates ("acts like 2 horns when defending")."""
    return _total(s, p, DEF_I)


def floor(s: State, p: int) -> int:
    """ "a clan that only has two dinosaurs may not be attacked"; Regeneration: "never fewer than 3"."""
    return s.game.ustats[s.unique_bits[p]].protected_size


def birth_range(s: State, p: int) -> int:
    """How far from an own dinosaur a newborn may go: adjacent; Thick shell "up to 3 spaces away"."""
    return s.game.ustats[s.unique_bits[p]].birth_range


def survival_allowance(s: State, p: int, cards: bool = True) -> list[int]:
    """How many of ``p``'s dinosaurs may survive on hot, cold and deadly terrain: thermoregulation, fur, cave
    dweller, widened by the event cards played this phase unless ``cards`` is False
    (:func:`~evo_lab.games.evo2e.cards.survival_allowance`: Geysers)."""
    g = s.game
    u = g.ustats[s.unique_bits[p]]
    allow = [
        u[HOT_I] + _normal(s, p, HOT_I),
        u[COLD_I] + _normal(s, p, COLD_I),
        u[DEADLY_I] + _normal(s, p, DEADLY_I),
    ]
    if not cards or not s.geysers:  # no survival card in force this phase
        return allow
    for hook in g.card_allowances:
        allow = hook(s, p, allow)
    return allow


def hooks(s: State, point: str, player: int) -> list[Hook]:
    """The hooks at ``point`` of the genes ``player`` owns."""
    mask = s.unique_bits[player]
    return [fn for bit, fn in s.game.hook_table[point] if mask & bit]


def births_onto(s: State, p: int) -> bool:
    """Whether ``p``'s newborns may go onto unprotected enemy dinosaurs (a ``birth_onto`` hook; cached by mask)."""
    g = s.game
    mask = s.unique_bits[p]
    v = g.births_onto.get(mask)
    if v is None:
        v = g.births_onto[mask] = any(fn(s, p) for bit, fn in g.hook_table["birth_onto"] if mask & bit)
    return v


def move_option_hooks(s: State, p: int) -> tuple[Hook, ...]:
    """The ``move_options`` hooks of ``p``'s genes (cached by gene mask: called on every movement decision)."""
    g = s.game
    mask = s.unique_bits[p]
    h = g.move_option_hooks.get(mask)
    if h is None:
        h = g.move_option_hooks[mask] = tuple(fn for bit, fn in g.hook_table["move_options"] if mask & bit)
    return h


# ====================================================================== numeric genes (effects are data)
for _gid, _doc in (
    ("legs", "movement +1 per copy"),
    ("horn", "attack and defence horns +1 per copy"),
    ("egg", "one more birth per round per copy"),
    ("thermo", "one more survivor on hot terrain"),
    ("fur", "one more survivor on cold terrain"),
    ("vial", "genes and cards 1 MP cheaper"),
    ("bony_plates", "acts like 2 horns when defending"),
    ("large_horn", "acts like 2 horns when attacking"),
    ("thick_shell", "newborns up to 3 spaces away"),
    ("regeneration", "never fewer than 3"),
    ("cave_dweller", "one dinosaur in a deadly area survives"),
    ("strong_thighs", "2 extra movement points"),
):
    register_gene(GeneRule(_gid, doc=_doc))


# ====================================================================== Wings and Flippers
def _wings_options(s: State, p: int, sp: int, acts: list[Action]) -> None:
    """Wings: "One of your dinosaurs can move 2 spaces by paying 1 movement point. The first space can contain a
    dinosaur (including another player's). This gene can only be used once per Movement phase." The landing
    space is 2 spaces away (not next to the start; ruling R7, option ``wings_exact_two``) and empty."""
    if s.wings_used:
        return
    occ = s.occupants
    reach = s.game.wings_reach[sp]
    for c in reach:
        if occ[c] < 0:
            acts.append(Action(WINGS, sp, c))


def _wings_apply(s: State, a: Action) -> None:
    if a.kind == WINGS:
        s.wings_used = True


def _wings_explain(s: State, a: Action, text: str) -> tuple[str, str] | None:
    if a.kind != WINGS:
        return None
    if s.wings_used:
        return f"{text!r}: wings can only be used once per movement phase", "already_used"
    if s.occupants[a.b] >= 0:
        return f"{text!r}: the landing space must be empty", "occupied"
    if a.b not in s.game.wings_reach[a.a]:
        return f"{text!r}: wings land exactly 2 spaces away", "not_two_spaces"
    return None


def _flippers_options(s: State, p: int, sp: int, acts: list[Action]) -> None:
    """Flippers: "One of your dinosaurs can move from one coastal space to another coastal space by paying 1
    movement point" (once per movement phase: ruling R7, option ``flippers_once_per_phase``)."""
    g = s.game
    if s.flippers_used or not g.coastal[sp]:
        return
    occ = s.occupants
    for c in g.coastal_list:
        if c != sp and occ[c] < 0:
            acts.append(Action(FLIPPERS, sp, c))


def _flippers_apply(s: State, a: Action) -> None:
    if a.kind == FLIPPERS and s.game.options.flippers_once_per_phase:
        s.flippers_used = True


def _flippers_explain(s: State, a: Action, text: str) -> tuple[str, str] | None:
    if a.kind != FLIPPERS:
        return None
    g = s.game
    if s.flippers_used:
        return f"{text!r}: flippers already used this movement phase", "already_used"
    if not (g.coastal[a.a] and g.coastal[a.b]):
        return f"{text!r}: flippers go from a coastal space to a coastal space", "not_coastal"
    if s.occupants[a.b] >= 0:
        return f"{text!r}: {g.labels[a.b]} is occupied", "occupied"
    return None


register_gene(
    GeneRule(
        "wings",
        {"move_options": _wings_options, "move_apply": _wings_apply, "explain": _wings_explain},
        "move 2 spaces for 1 point, once per phase",
    )
)
register_gene(
    GeneRule(
        "flippers",
        {"move_options": _flippers_options, "move_apply": _flippers_apply, "explain": _flippers_explain},
        "coastal to coastal for 1 point",
    )
)


# ====================================================================== Killer babies
def _killer_babies_onto(s: State, p: int) -> bool:
    """Killer babies: "You can add new dinosaurs to occupied spaces" (enemy, not of a protected clan: R12)."""
    return True


register_gene(GeneRule("killer_babies", {"birth_onto": _killer_babies_onto}, "newborns onto enemy dinosaurs"))


# ====================================================================== Chameleon skin
def _chameleon_defeated(s: State, src: int, dst: int, att: int, dfd: int) -> bool:
    """Chameleon skin: "When you lose a fight, your dinosaur can move onto an adjacent space (but not the one
    from which the attacker came) instead of being killed. If no legal space is available, it dies." """
    escapes = tuple(t for t in s.game.adj[dst] if s.occupants[t] < 0 and t != src)
    if not escapes:
        return False
    s.pending = (src, dst, att, escapes)
    s.node, s.actor, s.step = "chameleon", dfd, Step.WAIT
    return True


def _chameleon_decisions(s: State) -> list[Action]:
    return [Action(ESCAPE, sp) for sp in s.pending[3]] + [Action(PASS)]


def _chameleon_apply(s: State, a: Action) -> None:
    src, dst, att, _ = s.pending
    if a.kind == ESCAPE:
        s.occupants[a.a] = s.actor
        s.occupants[dst] = -1
        ops.event(s, E.Escape("escape", src, dst, a.a))
    else:
        ops.kill(s, dst)
    s.occupants[src] = -1
    s.occupants[dst] = att
    s.pending = ()
    s.step = Step.MOVEMENT_DECIDE


register_gene(GeneRule("chameleon_skin", {"defeated": _chameleon_defeated}, "a beaten defender may escape"))
register_node(
    Node(
        "chameleon",
        MOVEMENT,
        _chameleon_apply,
        decisions=_chameleon_decisions,
        kinds=frozenset({ESCAPE, PASS}),
        verb="escape or pass",
        who="defender",
        doc="Chameleon skin: `escape X` (an adjacent empty space, not the attacker's) or `pass` (it dies)",
    )
)


# ====================================================================== Adrenaline rush
def _adrenaline_initiative(s: State) -> bool:
    """Adrenaline rush: "You can freely choose your spot on the initiative track during the initiative phase"
    (after the sort; ruling R4)."""
    bit = s.game.bit["adrenaline_rush"]
    owner = next((p for p in s.order if s.unique_bits[p] & bit), -1)
    if owner < 0:
        return False
    s.node, s.actor = "adrenaline", owner
    return True


def _adrenaline_decisions(s: State) -> list[Action]:
    return [Action(INITIATIVE, i) for i in range(s.game.players)]


def _adrenaline_apply(s: State, a: Action) -> None:
    from . import rules

    s.order = tuple(rules.move_on_track(s.order, s.actor, a.a))
    ops.event(s, E.Initiative("initiative", s.order, s.actor))
    s.step = Step.MOVEMENT_START


register_gene(
    GeneRule("adrenaline_rush", {"initiative": _adrenaline_initiative}, "choose a place on the track")
)
register_node(
    Node(
        "adrenaline",
        INITIATIVE_PHASE,
        _adrenaline_apply,
        decisions=_adrenaline_decisions,
        kinds=frozenset({INITIATIVE}),
        verb="choose a place on the initiative track",
        who="owner",
        doc="Adrenaline rush: `initiative K`, the place on the track",
    )
)


# ====================================================================== Sixth sense
def _sixth_sense_peek(s: State) -> bool:
    """Sixth sense: "You can look at the next climate token whenever you like" (ruling R15: the next token is
    fixed as soon as it exists, by a ``peek`` chance node, and seen by the holder only)."""
    return True


register_gene(GeneRule("sixth_sense", {"peek": _sixth_sense_peek}, "sees the next climate token"))


def sees_next_token(s: State, viewer: int | None) -> bool:
    """Whether ``viewer`` may see the next climate token (the teacher always; a sixth-sense holder)."""
    if viewer is None:
        return True
    mask = s.unique_bits[viewer]
    return any(mask & bit for bit, _ in s.game.hook_table["peek"])
