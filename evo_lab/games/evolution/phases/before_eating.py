"""Phase: before eating (ruling R20, option ``herbivore_intelligence="before_eating"``, the default). After the
reveal and before the first feeding, the owner of each non-Carnivore with Intelligence (and room for food, and a
card in hand) decides whether it uses it: discard a card, and the species eats plant food from the bank.

Seed 004 lines 50-57: "Animals with the properties Long Neck, Fertile, Fat Tissue, Intelligence (only as
herbivores) can now use these, starting with the starting player ... In order to use intelligence, you must
first select a card to be discarded". Players are asked from the first player, species left to right
(:func:`~.feeding.next_asked`), once a round; then the feeding starts from the first player.

``state.asking`` is where the window is: ``-2`` it opens once the cards owed are drawn (the step
``BEFORE_EATING`` is due), ``>= 0`` the species of the player to act being asked (node ``intelligence``),
``-1`` no window (the feeding).

>>> import evo_lab
>>> from evo_lab.games.evolution.positions import from_boards
>>> g = evo_lab.make_game("evolution", players=2)
>>> s = from_boards(g, [[(1, 2, 0, 0, [])], [(1, 2, 0, 0, ["intelligence"])]], hands=[[], ["horns"]],
...                 watering_hole=3, phase="feed")
>>> s.asking = -2; s.step = Step.BEFORE_EATING; FLOW.run(s)
>>> s.node_name(), s.current_player(), s.legal_actions() == [("eat", 0, "intel"), ("pass",)]
('intelligence', 1, True)
>>> s.apply_action(("pass",)); s.node_name(), s.asking, s.current_player()
('feed', -1, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import EatFromBank
from ..flow import FLOW, PHASE_INDEX, Node, Step
from ..interned import PASS
from .feeding import next_asked

if TYPE_CHECKING:
    from ..state import State
    from ..table import Action

__all__ = ["after_intelligence", "ask", "before_eating", "intelligence_choices", "use_or_pass"]


def ask(s: State, p: int, i: int) -> bool:
    """Ask the owner of the next non-Carnivore with Intelligence after species ``i`` of player ``p`` (``p = -1``:
    from the start) and stop at node ``intelligence``; nobody left, the feeding begins from the first player
    (step ``FEEDING``). Returns whether the game stops."""
    q, j = next_asked(s, p, i)
    if q >= 0:
        s.turn, s.asking, s.find_feeder = q, j, False
        s.node, s.step = "intelligence", Step.WAIT
        return True
    s.asking, s.turn, s.find_feeder = -1, (s.first - 1) % len(s.players), True
    s.step = Step.FEEDING
    return False


def before_eating(s: State) -> bool:
    """Step ``BEFORE_EATING``: the window opens from the first player (``asking == -2``) or goes on after the
    species just asked."""
    if s.asking == -2:
        return ask(s, -1, -1)
    return ask(s, s.turn, s.asking)


def after_intelligence(s: State) -> None:
    """After an Intelligence used (its card discarded) or declined: the next species of the window, else (a
    feeding turn's Intelligence, option ``"feeding_turn"``) the next feeder."""
    if s.asking >= 0:
        s.step = Step.BEFORE_EATING
    else:
        s.find_feeder = True
        s.step = Step.FEEDING


def intelligence_choices(s: State) -> list[Action]:
    """Use this species' Intelligence (a card is discarded next, node ``discard``), or not."""
    return [EatFromBank("eat", s.asking, "intel"), PASS]


def use_or_pass(s: State, a: Action) -> None:
    """``("eat", i, "intel")``: the card to discard is chosen next; ``("pass",)``: the next species is asked."""
    if a[0] == "eat":
        s.intel = a
        s.node = "discard"
        return
    after_intelligence(s)


FLOW.step(Step.BEFORE_EATING)(before_eating)
FLOW.add(
    Node(
        "intelligence",
        PHASE_INDEX["feed"],
        use_or_pass,
        decisions=intelligence_choices,
        kinds=frozenset({"eat", "pass"}),
        verb="use a species' Intelligence before eating, or pass",
        who="the owner of each hungry non-Carnivore with Intelligence, from the first player",
        doc="seed 004 lines 50-57: Intelligence (only as herbivores) is used before eating, from the "
        "starting player, a card discarded first",
    )
)
