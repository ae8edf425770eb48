"""``build_position``: any Evo 2e position from a short description, checked like a saved position.

The builder fills a state with the facts given (the rest take their defaults), keeps every count consistent (the
bag, the deck, the climate tokens), then lets the game's own flow run from the right step of the phase, so the
node reached is the one the rules give; if it is not the one asked for (``to_act`` has nothing to decide there,
say), that is a :class:`~evo_lab.core.errors.FormatError` naming the field, like every other mistake (a dinosaur
on an unknown space, 9 dinosaurs, a phase typo, a card that is not in the deck).

>>> import evo_lab
>>> s = evo_lab.build_position(players=4, round=3, phase="movement", to_act="P2",
...     dinosaurs={"P1": ["C4", "C5", "D4"], "P2": ["D5", "E5"], "P3": ["A1", "A2"], "P4": ["G1", "G2"]},
...     genes={"P2": {"horn": 2}}, unique={"P2": ["large_horn"]}, hands={"P2": ["frenzied_attack"]},
...     movement_left=3, order=["P2", "P1", "P3", "P4"], section=2)
>>> s.current_player(), s.mp_left, s.attack_strength(1), s.hand(1)
(1, 3, 4, ['frenzied_attack'])
>>> evo_lab.build_position(players=2, dinosaurs={"P1": ["C3", "Z9"]})
Traceback (most recent call last):
...
evo_lab.core.errors.FormatError: dinosaurs.P1: unknown space 'Z9' (spaces are A1..F2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ...core.errors import FormatError, excerpt
from . import builder_facts as facts
from . import builder_nodes as nodes
from .builder_args import Args, PerPlayer, Player
from .flow import Step
from .game import Game, GameConfigError

if TYPE_CHECKING:
    from .board import Board
    from .datapack import DataPack
    from .game import RuleOptions
    from .state import State

__all__ = ["build_position", "NODES_OF_PHASE", "MAIN_NODE", "START_STEP"]

#: The nodes each phase can be built at.
NODES_OF_PHASE = {
    "setup": ("exclude", "order"),
    "climate": ("token", "climate_cards", "peek"),
    "mutation": ("gene", "bid", "card", "peek"),
    "initiative": ("adrenaline",),
    "movement": ("move", "die", "chameleon"),
    "birth": ("birth", "birth_cards", "newborn_cards", "kbdie"),
    "survival": ("survive", "survival_cards"),
    "end": ("end",),
}
#: The decision a ``to_act`` names when no ``node`` is given.
MAIN_NODE = {
    "climate": "climate_cards",
    "mutation": "bid",
    "initiative": "adrenaline",
    "movement": "move",
    "birth": "birth",
    "survival": "survive",
}
#: Where the rules start a phase (``node=None`` and no ``to_act``: the rules run from here to the first node).
START_STEP = {
    "climate": Step.CLIMATE_TOKEN,
    "mutation": Step.MUTATION_START,
    "initiative": Step.INITIATIVE,
    "movement": Step.MOVEMENT_START,
    "birth": Step.BIRTH_START,
    "survival": Step.SURVIVAL_START,
}


def _game(
    players: object,
    board: Board | str | Path | None,
    data: DataPack | str | Path | None,
    options: RuleOptions | Mapping[str, object] | None,
    seed: object,
) -> Game:
    """The game, with configuration mistakes as :class:`FormatError` naming the argument."""
    from .game import RuleOptions  # noqa: F811 - at run time (the annotation's is for the checker)

    if isinstance(players, bool) or not isinstance(players, int):
        raise FormatError(f"must be an integer, got {excerpt(players)}", "players")
    try:
        options = RuleOptions.from_dict(options)
    except GameConfigError as e:
        raise FormatError(str(e), "options") from None
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise FormatError(f"must be an integer or None, got {excerpt(seed)}", "seed")
    try:
        return Game(players=players, seed=seed, board=board, data=data, options=options)
    except GameConfigError as e:
        raise FormatError(str(e), "players" if "players" in str(e) else "board") from None


def build_position(
    players: int = 2,
    *,
    round: int = 1,
    phase: str = "movement",
    node: str | None = None,
    to_act: Player | None = None,
    dinosaurs: PerPlayer[Sequence[str]] | None = None,
    genes: PerPlayer[Mapping[str, int]] | None = None,
    unique: PerPlayer[Sequence[str] | str] | None = None,
    mp: PerPlayer[int] | None = None,
    hands: PerPlayer[Sequence[str] | str] | None = None,
    discard: Mapping[str, int] | None = None,
    section: int | None = None,
    revealed: Sequence[str] | None = None,
    next_token: str | None = None,
    order: Sequence[Player] | None = None,
    excluded: Sequence[str] | None = None,
    movement_left: int | None = None,
    wings_used: bool = False,
    flippers_used: bool = False,
    frenzy: PerPlayer[int] | None = None,
    lots: Sequence[str] | None = None,
    bids: Mapping[int, Sequence[Player]] | None = None,
    displaced: str | None = None,
    egg_round: int | None = None,
    newborn: str | None = None,
    attack: Sequence[str] | None = None,
    geysers: Sequence[Player] | None = None,
    shift: int | None = None,
    prescience_played: bool = False,
    bag: Mapping[str, int] | None = None,
    pile: Sequence[str] | int | None = None,
    board: Board | str | Path | None = None,
    data: DataPack | str | Path | None = None,
    options: RuleOptions | Mapping[str, object] | None = None,
    seed: int | None = None,
) -> State:
    """A :class:`~evo_lab.games.evo2e.state.State` at the described position. Players are ``"P1"``.. (or 0-based).

    * ``phase`` and ``node``: one of :data:`NODES_OF_PHASE` (default: the phase's first node); ``to_act``: who
      decides there (default: whoever the rules give, first on the track);
    * ``dinosaurs={"P1": ["C3", "C4"]}`` (players not named keep their starting dinosaurs), ``genes={"P1":
      {"horn": 2}}`` (normal genes), ``unique={"P1": ["wings"]}``, ``mp={"P1": 9}`` (default 6), ``hands={"P1":
      ["geysers"]}``, ``discard={"prescience": 1}``; the bag and the deck hold what is left;
    * ``section`` (the wheel, default the initial section), ``revealed=["cw1", "stay"]`` (climate tokens revealed
      so far, in order), ``next_token`` (a token Sixth sense has seen), ``order=["P2", "P1"]`` (the track),
      ``excluded`` (unique genes out of the bag; default: the last ones of the pack nobody owns); ``pile``: the
      same as ``revealed``, or a number of tokens revealed (the pack's kinds in order, as far as they go);
    * movement: ``movement_left``, ``wings_used``, ``flippers_used``, ``frenzy={"P1": 2}`` (attack horns from
      cards), ``attack=("C3", "D4")`` (a pending fight: node ``die``; node ``chameleon``: the fight was won);
    * mutation: ``lots=["event", "horn", "legs"]`` (drawn so far), ``bids={1: ("P1", 3)}``, ``displaced="P2:1"``
      (a player outbid from lot 1, to bid again); birth: ``egg_round``, ``newborn`` (the space of a dinosaur just
      born, node ``newborn_cards``; the target of a killer baby, node ``kbdie``); survival: ``geysers=["P1"]``;
      climate card window: ``shift`` (the wheel move now due), ``prescience_played``;
    * ``bag={"horn": 2}``: what-if analyses only (:mod:`evo_lab.theory`): fewer tokens in the bag than the rules
      leave; the others are out of the game (such a position breaks the 48-token count on purpose);
    * ``board``, ``data``, ``options``, ``seed``: the game (:class:`~evo_lab.games.evo2e.game.Game`).
    """
    given = dict(locals())
    g = _game(players, board, data, options, seed)
    for name in ("players", "board", "data", "options", "seed", "pile"):
        del given[name]
    if pile is not None:
        if revealed is not None:
            raise FormatError("give the tokens revealed once: revealed or pile", "pile")
        given["revealed"] = _pile(g, pile)
    return _build(Args(g, **given))


def _build(a: Args) -> State:
    """The position of the checked facts ``a``: the state filled, then the node's own builder."""
    g, phase = a.game, a.phase
    if phase not in NODES_OF_PHASE:
        raise FormatError(f"unknown phase {excerpt(phase)}; phases are {', '.join(NODES_OF_PHASE)}", "phase")
    node = a.node or _default_node(a)
    if node != "start" and node not in NODES_OF_PHASE[phase]:
        raise FormatError(
            f"unknown node {excerpt(node)} for the {phase} phase; nodes are "
            f"{', '.join(NODES_OF_PHASE[phase])}",
            "node",
        )
    a.node = node
    if phase == "setup":
        return nodes.build_setup(a)
    s: State = g.state_class(g, _empty=True)
    from .phases.setup import init_state

    init_state(s)
    _common(s, a)
    nodes.BUILD[node](s, a)
    s._legal = None
    s._origin = None
    s._origin = s.to_dict()
    return s


def _pile(g: Game, pile: object) -> list[str]:
    if isinstance(pile, (list, tuple)):
        return list(pile)
    if isinstance(pile, bool) or not isinstance(pile, int) or not 0 <= pile < g.pile_length:
        raise FormatError(
            f"must be the tokens revealed or their number 0..{g.pile_length - 1}, got {excerpt(pile)}", "pile"
        )
    out: list[str] = []
    left, k = list(g.tokens0), 0
    while len(out) < pile:
        if left[k]:
            left[k] -= 1
            out.append(g.token_ids[k])
        else:
            k += 1
    return out


def _default_node(a: Args) -> str:
    """The node meant when none is given: the setup's next chance node; the auction's next step when lots are
    given; the phase's main decision for ``to_act``; else ``"start"`` (the phase from its start)."""
    if a.phase == "setup":
        return "order" if len(a.excluded or []) >= a.game.excluded_count else "exclude"
    if a.phase == "end":
        return "end"
    if a.phase == "mutation" and a.lots is not None:
        n_lots = len(a.lots) + (
            0 if a.lots and (str(a.lots[0]).startswith("event") or a.lots[0] == "empty") else 1
        )
        return "bid" if n_lots >= a.game.players else "gene"
    if a.to_act is not None:
        return MAIN_NODE[a.phase]
    return "start"


# ====================================================================== the facts every position has
def _common(s: State, a: Args) -> None:
    g = a.game
    if isinstance(a.round, bool) or not isinstance(a.round, int) or a.round < 1:
        raise FormatError(f"must be a round >= 1, got {excerpt(a.round)}", "round")
    s.round = a.round
    facts.dinosaurs(s, a)
    facts.genes(s, a)
    for p, v in a.per_player(a.mp, "mp").items():
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise FormatError(f"must be an integer >= 0, got {excerpt(v)}", f"mp.P{p + 1}")
        s.mp[p] = v
    facts.cards(s, a)
    if a.section is not None:
        if isinstance(a.section, bool) or not isinstance(a.section, int) or not 0 <= a.section < g.n_sections:
            raise FormatError(
                f"must be a wheel section 0..{g.n_sections - 1}, got {excerpt(a.section)}", "section"
            )
        s.section = a.section
    facts.tokens(s, a)
    order = list(range(g.players)) if a.order is None else [a.player(p, "order") for p in a.order]
    if sorted(order) != list(range(g.players)):
        raise FormatError(f"must list every player once, got {excerpt(a.order)}", "order")
    s.order = tuple(order)
    for p, v in a.per_player(a.frenzy, "frenzy").items():
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise FormatError(f"must be attack horns >= 0, got {excerpt(v)}", f"frenzy.P{p + 1}")
        s.frenzy = s.frenzy[:p] + (v,) + s.frenzy[p + 1 :]
    for who in a.geysers or ():
        s.geysers |= 1 << a.player(who, "geysers")
    if a.lots is not None or a.bids:
        if a.phase != "mutation":
            raise FormatError("lots and bids belong to the mutation phase", "lots")
        facts.auction(s, a)
