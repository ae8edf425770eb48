"""Event cards: one registry entry per card effect, and the windows where cards are played.

Rulebook, "Event cards": "These cards are kept secret until they are used. More than one may be played in a
given round or phase as long as the correct timing for playing the card is respected. The effects of an event
card are never permanent and they are discarded after use."

A card's ``timing`` in the data pack names its **window** (:data:`WINDOWS`): ``climate`` (after a token is
revealed), ``birth`` (start of the birth phase), ``birth_after_placement`` (just after a dinosaur is born),
``survival`` (start of the survival phase) or ``movement`` (during the player's own movement, among its
actions). A :class:`CardRule` says who may play it (a *public* condition), what it does (``play``), its choices
(``params``: Prescience's wheel moves) and how it reads.

Windows and secrecy (ruling R18, option ``card_windows``): with ``"all"`` (the default) a window asks every
player who holds at least one card, in initiative order, and a player without a playable card answers with the
single action ``pass``: who is asked depends only on public facts (hand sizes, the board), so the decisions
nobody else sees reveal nothing. ``"holders"`` asks only players holding a playable card (evo-lab 0.1; it
shows everyone who holds which card).

>>> import evo_lab
>>> s = evo_lab.build_position(players=3, phase="climate", node="climate_cards", to_act="P1", revealed=["cw1"],
...                            hands={"P1": ["geysers"], "P2": ["prescience"]})
>>> s.node_name(), s.current_player(), [s.action_to_string(a) for a in s.legal_actions()]
('climate_cards', 0, ['pass'])
>>> s.apply_action("pass"); s.current_player(), len(s.legal_actions())
(1, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from collections.abc import Callable

from .words import turning_words
from ...core.datapack import DataError
from . import events as E
from . import ops
from .actions import PASS, PLAY, Action
from .flow import BIRTH_PHASE, CLIMATE, MOVEMENT, SURVIVAL, Node, Step, register_node, register_step

if TYPE_CHECKING:
    from .datapack import EventCard
    from .game import Game
    from .state import State

__all__ = [
    "Window",
    "WINDOWS",
    "CardRule",
    "CARDS",
    "register_card",
    "open_window",
    "in_turn_plays",
    "survival_allowance",
    "play_text",
    "describe_play",
]


@dataclass(frozen=True)
class Window:
    """A moment where cards of one ``timing`` are played: its decision node (``None``: among the player's own
    actions), the step that asks the players, what happens when it closes (``close(state)``) and a line of doc."""

    timing: str
    node: str | None
    step: Step | None
    phase: int
    close: Callable[[State], None] | None
    when: str


def _close_climate(s: State) -> None:
    s.step = Step.WHEEL


def _close_birth(s: State) -> None:
    s.egg_round, s.birth_index, s.step = 1, 0, Step.BIRTH_TURN


def _close_newborn(s: State) -> None:
    s.pending = ()
    s.birth_index += 1
    s.step = Step.BIRTH_TURN


def _close_survival(s: State) -> None:
    s.survival_index, s.step = 0, Step.SURVIVAL_PLAYER


WINDOWS: dict[str, Window] = {
    w.timing: w
    for w in (
        Window(
            "climate",
            "climate_cards",
            Step.CLIMATE_CARDS,
            CLIMATE,
            _close_climate,
            "when the climate token is revealed (not the meteorite)",
        ),
        Window("movement", None, None, MOVEMENT, None, "during the player's own movement, before an attack"),
        Window(
            "birth",
            "birth_cards",
            Step.BIRTH_CARDS,
            BIRTH_PHASE,
            _close_birth,
            "at the start of the birth phase",
        ),
        Window(
            "birth_after_placement",
            "newborn_cards",
            Step.NEWBORN_CARDS,
            BIRTH_PHASE,
            _close_newborn,
            "just after a dinosaur is born",
        ),
        Window(
            "survival",
            "survival_cards",
            Step.SURVIVAL_CARDS,
            SURVIVAL,
            _close_survival,
            "at the start of the survival phase",
        ),
    )
}


def _always(s: State, p: int, acts: list[Action] | None = None) -> bool:
    return True


def _no_params(game: Game, card: int) -> tuple[int, ...]:
    return (-1,)


@dataclass(frozen=True)
class CardRule:
    """One event-card effect. ``may_play(state, player, actions)`` must depend on public facts only (who is
    asked may not reveal a hand); ``play(state, player, action)`` applies the effect and returns the detail
    its log event carries; ``params(game, card)`` the values of the action's second argument (``-1``: none).
    ``timings`` are the windows the effect can work in; ``who`` and ``text`` document it."""

    effect: str
    play: Callable[[State, int, Action], tuple[int, ...]]
    timings: tuple[str, ...]
    may_play: Callable[..., bool] = _always
    params: Callable[[Game, int], tuple[int, ...]] = _no_params
    allowance: Callable[[State, int, list[int]], list[int]] | None = None  # survival: widen what survives
    describe: Callable[[State, Action], str] | None = None
    story: Callable[[E.Play, Game], str] | None = None
    who: str = "its holder"
    text: str = ""

    def check(self, card: EventCard, src: str, where: str) -> None:
        """Validate the pack's entry of a card with this effect (``DataError`` naming the field)."""
        if card.timing not in self.timings:
            raise DataError(
                src,
                where + "timing",
                f"{self.effect!r} is played at {' or '.join(self.timings)}, not {card.timing!r}",
            )


CARDS: dict[str, CardRule] = {}


def register_card(rule: CardRule) -> CardRule:
    """Add a card effect to the registry (a data pack may then name it)."""
    for t in rule.timings:
        if t not in WINDOWS:
            raise ValueError(f"unknown timing {t!r}; windows are {', '.join(WINDOWS)}")
    CARDS[rule.effect] = rule
    return rule


def rule_of(game: Game, card: int) -> CardRule:
    return CARDS[game.card_effects[card]]


# ====================================================================== windows
def open_window(s: State, timing: str, players: tuple[int, ...]) -> None:
    """Open the window of ``timing``: ``players`` (in initiative order) will be asked in turn."""
    step = WINDOWS[timing].step
    assert step is not None  # only windows with a node of their own are opened
    s.window = tuple(players)
    s.step = step


def _playable(s: State, p: int, card: int, acts: list[Action] | None = None) -> bool:
    return s.game.cards_playable(s, p) and rule_of(s.game, card).may_play(s, p, acts)


def _asks(s: State, p: int, timing: str) -> bool:
    """Whether the window of ``timing`` asks ``p``. ``"all"``: p holds any card and the window's cards could be
    played by p (public facts only); ``"holders"``: p holds a playable card of this timing."""
    g = s.game
    hand = s.hands[p]
    if g.options.card_windows == "holders":
        return any(g.card_timing[c] == timing and _playable(s, p, c) for c in hand)
    return bool(hand) and any(_playable(s, p, c) for c in g.window_cards[timing])


def _window_handler(w: Window) -> Callable[[State], bool]:
    node, close = w.node, w.close
    assert node is not None and close is not None  # only windows with a node of their own have a handler

    def handler(s: State) -> bool:
        while s.window:
            p, s.window = s.window[0], s.window[1:]
            if s.hands[p] and _asks(s, p, w.timing):  # no card at all (public): never asked
                s.node, s.actor = node, p
                return True
        close(s)
        return False

    handler.__doc__ = f"Ask the players of the {w.timing} window in turn ({w.when})."
    return handler


def _plays(s: State, p: int, timing: str, acts: list[Action] | None = None) -> list[Action]:
    g = s.game
    out: list[Action] = []
    for c in sorted(set(s.hands[p])):
        if g.card_timing[c] == timing and _playable(s, p, c, acts):
            out.extend(Action(PLAY, c, b) for b in g.card_params[c])
    return out


def in_turn_plays(s: State, p: int, acts: list[Action], timing: str = "movement") -> list[Action]:
    """The cards ``p`` may play among its own actions ``acts`` (Frenzied attack during movement)."""
    return _plays(s, p, timing, acts)


def play(s: State, a: Action) -> None:
    """``state.actor`` plays card ``a.a``: discarded, its effect applied, logged."""
    p = s.actor
    card = a.a
    g = s.game
    ops.discard(s, p, card)
    detail = rule_of(g, card).play(s, p, a)
    ops.event(s, E.Play("play", p, g.card_ids[card], tuple(detail)))


def _window_apply(s: State, a: Action) -> None:
    if a.kind == PLAY:
        play(s, a)
    # pass: the window has already moved past this player


def _verb(window: Window) -> str:
    return f"play an event card {window.when} or pass"


for _w in WINDOWS.values():
    if _w.node is not None:
        register_step(_w.step)(_window_handler(_w))
        register_node(
            Node(
                _w.node,
                _w.phase,
                _window_apply,
                decisions=(lambda t: lambda s: _plays(s, s.actor, t) + [Action(PASS)])(_w.timing),
                kinds=frozenset({PLAY, PASS}),
                verb=_verb(_w),
                who="each player holding cards",
                doc=f"card window: {_w.when}: `play <card>` or `pass`",
            )
        )


def survival_allowance(s: State, p: int, allow: list[int]) -> list[int]:
    """What survives on hot, cold and deadly terrain, widened by the cards ``p`` played this phase (Geysers; the
    cards in force are recorded in ``state.geysers``, a bit per player)."""
    for hook in s.game.card_allowances:
        allow = hook(s, p, allow)
    return allow


def describe_play(s: State, a: Action) -> str:
    rule = rule_of(s.game, a.a)
    if rule.describe is not None:
        return rule.describe(s, a)
    return f"play {s.game.card_names[a.a]}"


def play_text(ev: E.Play, game: Game | None) -> str:
    """A ``play`` event in words."""
    if game is not None:
        rule = CARDS.get(game.card_effects[game.card_ids.index(ev.card)])
        if rule is not None and rule.story is not None:
            return rule.story(ev, game)
    name = (
        game.card_names[game.card_ids.index(ev.card)]
        if game is not None and ev.card in game.card_ids
        else ev.card
    )
    return f"P{ev.player + 1} plays {name}"


# ====================================================================== the five cards the rulebook shows
def _prescience_play(s: State, p: int, a: Action) -> tuple[int, ...]:
    """Prescience: "The climate token does not take effect. Instead, move the climate wheel (one or two sections
    clockwise, or one section the other way) or leave it in place. Cannot be played on the meteorite token."
    When two are played in one climate phase the first one counts and the window closes (ruling R9, option
    ``prescience_once_per_phase``; without it the last one played counts)."""
    s.prescience_shift = a.b
    s.prescience_played = True
    if s.game.options.prescience_once_per_phase:
        s.window = ()
    return (a.b,)


def _prescience_check(card: EventCard, src: str, where: str) -> None:
    if not card.shifts:
        raise DataError(
            src, where + "shifts", "Prescience needs the wheel moves its text allows, e.g. [2, 1, 0, -1]"
        )


class _PrescienceRule(CardRule):
    def check(self, card: EventCard, src: str, where: str) -> None:
        super().check(card, src, where)
        _prescience_check(card, src, where)


register_card(
    _PrescienceRule(
        "prescience",
        _prescience_play,
        ("climate",),
        params=lambda g, c: g.data.events[c].shifts,
        describe=lambda s, a: f"play {s.game.card_names[a.a]}, {turning_words(a.b)}",
        story=lambda ev, g: (
            f"P{ev.player + 1} plays {g.card_names[g.card_ids.index(ev.card)]}, {turning_words(ev.detail[0])}"
        ),
        text="replace the token's move of the wheel by one of the card's",
    )
)


def _frenzy_may_play(s: State, p: int, acts: list[Action] | None = None) -> bool:
    """Frenzied attack: "To be played during the Movement phase, before launching an attack": offered while an
    attack is available (ruling R10, option ``frenzied_needs_attack``); a second one may be played and adds
    its horns too (ruling R19, option ``frenzied_attack_stacks``)."""
    o = s.game.options
    if o.frenzied_needs_attack and acts is not None and not any(x.kind == "attack" for x in acts):
        return False
    return o.frenzied_attack_stacks or not s.frenzy[p]


def _frenzy_play(s: State, p: int, a: Action) -> tuple[int, ...]:
    """ "During this phase, all your dinosaurs are considered to have 2 extra horns, but only when attacking"
    (the horns are the card's ``effects.attack_horns``)."""
    bonus = s.game.data.events[a.a].effects.get("attack_horns", 0)
    s.frenzy = ops.with_item(s.frenzy, p, s.frenzy[p] + bonus)
    return ()


register_card(
    CardRule(
        "frenzied_attack",
        _frenzy_play,
        ("movement",),
        may_play=_frenzy_may_play,
        text="extra attack horns for the rest of the movement phase",
    )
)


def _swarm_play(s: State, p: int, a: Action) -> tuple[int, ...]:
    """Swarm of rats: "There are no births at all during this phase." """
    s.window = ()
    s.step = Step.SURVIVAL_START
    return ()


register_card(CardRule("swarm_of_rats", _swarm_play, ("birth",), text="no births this phase"))


def _geysers_play(s: State, p: int, a: Action) -> tuple[int, ...]:
    """Geysers: "All your dinosaurs survive on cold terrain during this phase." """
    s.geysers |= 1 << p
    return ()


def _geysers_allowance(s: State, p: int, allow: list[int]) -> list[int]:
    if s.geysers & (1 << p):
        return [allow[0], 10**6, allow[2]]
    return allow


register_card(
    CardRule(
        "geysers",
        _geysers_play,
        ("survival",),
        allowance=_geysers_allowance,
        text="own dinosaurs survive on cold terrain this phase",
    )
)


def _thief_may_play(s: State, p: int, acts: list[Action] | None = None) -> bool:
    """Egg thief: "just after an opponent has placed a new dinosaur ... That dinosaur must belong to an opponent
    who has at least 4 of them", and the thief needs a dinosaur in reserve (ruling R11)."""
    if not s.pending:
        return False
    mother = s.pending[1]
    return p != mother and s.count[mother] >= 4 and s.count[p] < s.game.max_dinos


def _thief_play(s: State, p: int, a: Action) -> tuple[int, ...]:
    """ "Replace a dinosaur that has just been born with one of your own taken from your reserve." """
    space, victim = s.pending
    s.occupants[space] = p
    s.count[victim] -= 1
    s.count[p] += 1
    s.window = ()
    return (victim, space)


register_card(
    CardRule(
        "egg_thief",
        _thief_play,
        ("birth_after_placement",),
        may_play=_thief_may_play,
        story=lambda ev, g: (
            f"P{ev.player + 1} plays {g.card_names[g.card_ids.index(ev.card)]}: the newborn on {g.labels[ev.detail[1]]} becomes one "
            f"of theirs (taken from P{ev.detail[0] + 1})"
        ),
        who="an opponent of the newborn's owner, with a dinosaur in reserve",
        text="the newborn becomes one of the thief's",
    )
)
