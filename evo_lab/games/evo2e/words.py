"""Plain words for the kit: who did what, plurals, climate tokens and probabilities, as a teacher would say them.

Every view (history, action list, board event line, story, CLI) takes its wording from here, so that one phrase
means one thing everywhere: "P2 bids 6 on lot 0 (the event card)", "P3 ends movement (1 point unused)",
"clockwise 2", "in 2 of 3 games".

>>> plural(1, "point"), plural(2, "point"), plural(1, "horn"), plural(0, "dinosaur")
('1 point', '2 points', '1 horn', '0 dinosaurs')
>>> import evo_lab
>>> g = evo_lab.Game(players=2)
>>> token_words(g, "cw2"), token_words(g, "ccw1"), token_words(g, "stay"), token_words(g, "meteorite")
('clockwise 2', 'anticlockwise 1', 'stay', 'the meteorite')
>>> from fractions import Fraction
>>> in_games(Fraction(2, 3)), in_games(Fraction(1)), pct(Fraction(1, 6))
('in 2 of 3 games', 'in every game', '16.7%')
"""

from __future__ import annotations

import re
from typing import Any

from ..words import in_games, pct, plural, prob_words, shift_words, token_words, turning_words, wheel_words

__all__ = ["action_words", "choice_label", "fix_plurals", "history_line", "in_games", "pct", "plural", "prob_words", "shift_words",
           "token_words", "wheel_words"]


def _lot_item(state: Any, lot: int) -> str:
    lots = state.auction()["lots"]
    item = str(lots[lot]["item"]) if lot < len(lots) else "?"
    if item == "event card":
        return "the event card"
    g = state.game
    return g.gene_names[g.gene_ids.index(item)] if item in g.gene_ids else item


def _mp_left(state: Any) -> int:
    return int(state.observation(None).get("movement_points_left") or 0)


def _decision(state: Any, a: Any) -> str:
    """What the player to act does with ``a``, as a verb phrase (without the player)."""
    g = state.game
    L = g.labels
    k = a.kind
    if k in ("move", "wings", "flippers"):
        how = {"move": "moves", "wings": "flies (wings)", "flippers": "swims (flippers)"}[k]
        return f"{how} from {L[a.a]} to {L[a.b]}"
    if k == "attack":
        return f"attacks P{state.occupant(a.b) + 1}'s dinosaur on {L[a.b]} from {L[a.a]}"
    if k == "bid":
        return f"bids {a.b} on lot {a.a} ({_lot_item(state, a.a)})"
    if k == "end":
        left = _mp_left(state)
        return "ends movement" + (f" ({plural(left, 'point')} unused)" if left else "")
    if k == "initiative":
        return f"takes place {a.a + 1} on the initiative track"
    if k == "play":
        text = f"plays {g.card_names[a.a]}"
        return text + (f", {turning_words(a.b)}" if g.card_effects[a.a] == "prescience" else "")
    if k == "birth":
        q = state.occupant(a.a)
        extra = f", removing its dinosaur on {L[a.b]} first" if a.b >= 0 else ""
        if q >= 0:
            return f"drops a killer baby onto P{q + 1}'s dinosaur on {L[a.a]}{extra}"
        return f"lays an egg on {L[a.a]}{extra}"
    if k == "escape":
        return f"escapes to {L[a.a]} (chameleon skin)"
    if k == "remove":
        return f"lets its dinosaur on {L[a.a]} die ({state.space_state(a.a)} terrain)"
    if k == "pass":
        return "passes"
    return state.action_to_string(a)


def _card_drawer(state: Any, a: Any, masked: str) -> str:
    """Who draws the event card: the masked form names them ("card P3 ?") for anyone but the drawer."""
    for text in [masked] + [state.masked_action_string(a, p) for p in range(state.game.players)]:
        m = re.search(r"P(\d+)", text)
        if m:
            return f"P{m.group(1)}"
    return "a player"


def _chance(state: Any, a: Any, masked: str) -> str:
    g = state.game
    k = a.kind
    hidden = "?" in masked.split()
    if k == "exclude":
        uid = g.unique_ids[a.a]
        name = g.gene_names[g.gene_ids.index(uid)] if uid in g.gene_ids else uid
        return "a unique gene is set aside (hidden)" if hidden else f"{name} is set aside (out of this game)"
    if k == "order":
        return f"P{a.a + 1} is drawn next for the starting turn order"
    if k == "token":
        return f"climate token {token_words(g, a.a)} is revealed" if a.a != g.meteorite \
            else "the meteorite is revealed: the game ends"
    if k == "peek":
        return "sixth sense looks at the next climate token" + ("" if hidden else f" ({token_words(g, a.a)})")
    if k == "gene":
        return f"{g.gene_names[a.a]} is drawn from the bag"
    if k == "card":
        who = _card_drawer(state, a, masked)
        return f"{who} draws an event card" + (" (hidden)" if hidden else f" ({g.card_names[a.a]})")
    if k == "die":
        sym = g.data.die_symbols.get(g.die_kinds[a.a])
        return f"the die shows {getattr(sym, 'name', g.die_kinds[a.a])}"
    return masked


def action_words(state: Any, action: Any, viewer: int | None = None) -> str:
    """``action`` (about to be applied at ``state``) in words with who does it, as ``viewer`` may see it.

    >>> import evo_lab, numpy as np
    >>> s = evo_lab.Game(players=2, seed=1).new_initial_state_dealt(np.random.default_rng(1))
    >>> action_words(s, s.parse_action("bid 2 on lot 0"))
    'P1 bids 2 on lot 0 (the event card)'
    """
    if isinstance(action, str):
        action = state.parse_action(action)
    if state.is_chance_node():
        return "chance: " + _chance(state, action, state.masked_action_string(action, viewer))
    return f"P{state.current_player() + 1} {_decision(state, action)}"


def history_line(node: Any, viewer: int | None = None) -> str:
    """A game-tree node as one line of the history: ``"13. P2 bids 6 on lot 0 (the event card)"``."""
    if node.parent is None or node.action is None:
        return f"{node.ply}. start"
    return f"{node.ply}. {action_words(node.parent.state, node.action, viewer)}"


_ONE = re.compile(r"\b1 (point|horn|dinosaur|egg|round|move|token|card|gene|attempt|space|game|player|vial|section)s\b")


def fix_plurals(text: str) -> str:
    """Mend "1 points"-style phrases in text built elsewhere (the engine's descriptions).

    >>> fix_plurals("end movement (1 points unused), 2 points, 1 horns")
    'end movement (1 point unused), 2 points, 1 horn'
    """
    return _ONE.sub(lambda m: f"1 {m.group(1)}", text)


def choice_label(state: Any, action: Any) -> str:
    """An action of the player to act as the action list shows it: what it does, and the odds of an attack.

    >>> import evo_lab, numpy as np
    >>> s = evo_lab.Game(players=2, seed=1).new_initial_state_dealt(np.random.default_rng(1))
    >>> choice_label(s, s.legal_actions()[0])
    'bid 0 on lot 0 (the event card), pays 0 MP'
    """
    k = action.kind
    if k == "end":
        return _decision(state, action).replace("ends movement", "end movement")
    text = fix_plurals(state.describe_action(action))
    if k == "attack":
        text = f"{text} ({pct(state.attack_probability(action.a, action.b))})"
    return text
