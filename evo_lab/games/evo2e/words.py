"""Evo 2e in words: who did what, climate tokens and turns of the wheel, as a teacher would say them.

The engine's events (:mod:`evo_lab.games.evo2e.events`) and every view of Evo 2e (history, action list, board event
line, story, CLI) take their wording from here, so that one phrase means one thing everywhere: "P2 bids 6 for the
event card", "P3 ends movement (1 point unused)", "clockwise 2". A lot of the biology lab is named by what it holds
(the event card, a gene by its printed name), never by the notation's number (``bid 6 on lot 0``, from 0). The words every game shares (plurals,
percentages, "in 2 of 3 games") are :mod:`evo_lab.core.words`.

>>> import evo_lab
>>> g = evo_lab.Game(players=2)
>>> token_words(g, "cw2"), token_words(g, "ccw1"), token_words(g, "stay"), token_words(g, "meteorite")
('clockwise 2', 'anticlockwise 1', 'stay (no change)', 'the meteorite')
>>> token_phrase(g, "stay"), token_phrase(g, "cw1")
("the climate token 'stay' (no change)", "the climate token 'clockwise 1'")
>>> shift_words(-1), turning_words(0)
('anticlockwise 1', 'leaving the wheel where it is')
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.words import pct, plural
from .actions import Action

if TYPE_CHECKING:
    from ...core.tree import Node as TreeNode
    from .game import Game
    from .state import State

__all__ = [
    "CHANCE_WORDS",
    "NODE_TITLES",
    "action_words",
    "choice_label",
    "fix_plurals",
    "gene_words",
    "history_line",
    "lot_words",
    "node_words",
    "shift_words",
    "token_phrase",
    "token_words",
    "turning_words",
    "wheel_words",
]

#: What chance does at each chance node of Evo 2e (and of Evo 1e: ``climate_die``, ``meteor``), in words; a
#: decision node says what its player must do itself (``flow.NODES[name].verb``).
CHANCE_WORDS = {
    "exclude": "a unique gene is set aside for this game",
    "order": "the starting turn order is drawn",
    "token": "the next climate token is revealed",
    "peek": "Sixth sense looks at the next climate token",
    "gene": "a gene is drawn from the bag for the auction",
    "card": "an event card is drawn",
    "die": "the combat die is rolled",
    "kbdie": "the die is rolled for the killer baby",
    "climate_die": "the climate die is rolled",
    "meteor": "the die is rolled for the meteor",
}


#: Each node as a menu names it (the position editor's "Node" list): short, in words.
NODE_TITLES = {
    "exclude": "a unique gene is set aside (chance)",
    "order": "the turn order is drawn (chance)",
    "token": "a climate token is revealed (chance)",
    "climate_cards": "cards after the climate token",
    "peek": "Sixth sense looks ahead (chance)",
    "gene": "a gene is drawn for the auction (chance)",
    "bid": "a bid in the gene auction",
    "card": "an event card is drawn (chance)",
    "adrenaline": "Adrenaline rush: a place on the track",
    "move": "a move, attack, card or end of movement",
    "die": "the combat die (chance)",
    "chameleon": "Chameleon skin: escape or not",
    "birth": "a new dinosaur",
    "birth_cards": "cards at the start of the birth phase",
    "newborn_cards": "cards after a birth",
    "kbdie": "the killer baby's die (chance)",
    "survive": "a dinosaur that dies",
    "survival_cards": "cards at the start of the survival phase",
    "climate_die": "the climate die (chance)",
    "meteor": "the meteor's die (chance)",
    "end": "the end of the game",
}


def node_words(state: State) -> str:
    """What ``state`` waits for, in words: the player's verb phrase at a decision ("bid on a lot of the gene
    auction"), what chance does at a chance node ("the combat die is rolled"), "the game is over" at the end.

    >>> import evo_lab
    >>> s = evo_lab.Game(players=2, seed=1).new_initial_state()
    >>> s.node_name(), node_words(s)
    ('exclude', 'a unique gene is set aside for this game')
    """
    from .flow import NODES

    name = state.node_name()
    if state.is_terminal():
        return "the game is over"
    if state.is_chance_node():
        return CHANCE_WORDS.get(name, "chance decides")
    spec = NODES.get(name)
    return spec.verb if spec is not None and spec.verb else "decide"


def gene_words(game: Game, gene: str) -> str:
    """A gene by its printed name ("bony_plates" -> "Bony plates"); an unknown id is said as it is.

    >>> import evo_lab
    >>> gene_words(evo_lab.Game(players=2), "adrenaline_rush")
    'Adrenaline rush'
    """
    ids = game.gene_ids
    return game.gene_names[ids.index(gene)] if gene in ids else gene


def shift_words(shift: int) -> str:
    """A turn of the climate wheel: +2 -> "clockwise 2", -1 -> "anticlockwise 1", 0 -> "stay"."""
    if shift > 0:
        return f"clockwise {shift}"
    if shift < 0:
        return f"anticlockwise {-shift}"
    return "stay"


def turning_words(shift: int) -> str:
    """What a card does to the wheel, as a participle phrase: +2 -> "turning the wheel clockwise 2", 0 -> "leaving the
    wheel where it is".

    >>> turning_words(-1), turning_words(0)
    ('turning the wheel anticlockwise 1', 'leaving the wheel where it is')
    """
    return f"turning the wheel {shift_words(shift)}" if shift else "leaving the wheel where it is"


def token_words(game: Game, token: int | str) -> str:
    """A climate token by what it does ("clockwise 2", "stay (no change)", "the meteorite"), from the data
    pack's shifts (seed 000, Climate phase: "Token showing 0: The climate wheel remains unchanged")."""
    i = game.token_ids.index(token) if isinstance(token, str) else int(token)
    if i == game.meteorite:
        return "the meteorite"
    shift = game.token_shifts[i]
    return shift_words(shift) if shift else "stay (no change)"


def token_phrase(game: Game, token: int | str) -> str:
    """A climate token as the subject of a sentence: "the climate token 'clockwise 2'", "the climate token
    'stay' (no change)", "the meteorite"."""
    i = game.token_ids.index(token) if isinstance(token, str) else int(token)
    if i == game.meteorite:
        return "the meteorite"
    shift = game.token_shifts[i]
    return f"the climate token '{shift_words(shift)}'" + ("" if shift else " (no change)")


def wheel_words(before: int, after: int, shift: int) -> str:
    """The wheel's move in words: "the wheel turns clockwise 2, from section 1 to 3" or "stays at section 2"."""
    if before == after:
        return f"the climate wheel stays at section {after}"
    return f"the climate wheel turns {shift_words(shift)}, from section {before} to {after}"


def lot_words(state: State, lot: int) -> str:
    """A lot of the biology lab by what it holds: "the event card" (the first line, seed 000: "The player who
    won the bidding for the first column takes an event card"), a gene by its printed name, "the empty lot".

    >>> import evo_lab, numpy as np
    >>> s = evo_lab.Game(players=2, seed=1).new_initial_state_dealt(np.random.default_rng(1))
    >>> lot_words(s, 0), lot_words(s, 1) in s.game.gene_names
    ('the event card', True)
    """
    lots = state.auction()["lots"]
    item = str(lots[lot]["item"]) if 0 <= lot < len(lots) else "(empty)"
    if item == "event card":
        return "the event card"
    if item == "(empty)":
        return "the empty lot"
    g = state.game
    return g.gene_names[g.gene_ids.index(item)] if item in g.gene_ids else item


def _mp_left(state: State) -> int:
    return int(state.observation(None).get("movement_points_left") or 0)


def _decision(state: State, a: Action) -> str:
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
        return f"bids {a.b} for {lot_words(state, a.a)}"
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


def _card_drawer(state: State, a: Action, masked: str) -> str:
    """Who draws the event card: the masked form names them ("card P3 ?") for anyone but the drawer."""
    for text in [masked] + [state.masked_action_string(a, p) for p in range(state.game.players)]:
        m = re.search(r"P(\d+)", text)
        if m:
            return f"P{m.group(1)}"
    return "a player"


def _chance(state: State, a: Action, masked: str) -> str:
    g = state.game
    k = a.kind
    hidden = "?" in masked.split()
    if k == "exclude":
        uid = g.unique_ids[a.a]
        name = g.gene_names[g.gene_ids.index(uid)] if uid in g.gene_ids else uid
        return "a unique gene is set aside (hidden)" if hidden else f"{name} is set aside (out of this game)"
    if k == "order":
        return f"P{a.a + 1} is drawn next for the starting turn order"
    node = state.node_name()
    if node == "climate_die":  # Evo 1e: the d6 moves the climate marker
        return f"the climate die shows {token_words(g, a.a)}"
    if node == "meteor":
        return f"the meteor die shows {g.die_kinds[a.a]}"
    if k == "token":
        return (
            f"{token_phrase(g, a.a)} is revealed"
            if a.a != g.meteorite
            else "the meteorite is revealed: the game ends"
        )
    if k == "peek":
        if hidden:
            return "Sixth sense looks at the next climate token"
        return f"Sixth sense sees that the next climate token is {token_words(g, a.a)}"
    if k == "gene":
        return f"{g.gene_names[a.a]} is drawn from the bag"
    if k == "card":
        who = _card_drawer(state, a, masked)
        return f"{who} draws an event card" + (" (hidden)" if hidden else f" ({g.card_names[a.a]})")
    if k == "die":
        return _die_words(state, a.a)
    return masked


def _die_words(state: State, face: int) -> str:
    """The combat die's face and, at an attack, what it does: "the combat die shows Claw with plus sign, so the
    attack succeeds" (rulebook, "Combat result")."""
    from . import genes

    g = state.game
    sym = g.data.die_symbols.get(g.die_kinds[face])
    text = f"the combat die shows {getattr(sym, 'name', g.die_kinds[face])}"
    pending = tuple(getattr(state, "pending", ()) or ())
    if len(pending) != 2:
        return text
    att, dfd = state.occupant(pending[0]), state.occupant(pending[1])
    if att < 0 or dfd < 0:
        return text
    win = g.die_symbols[face].succeeds(genes.attack_strength(state, att), genes.defence_strength(state, dfd))
    return f"{text}, so the attack {'succeeds' if win else 'fails'}"


def action_words(state: State, action: Action, viewer: int | None = None) -> str:
    """``action`` (about to be applied at ``state``) in words with who does it, as ``viewer`` may see it.

    >>> import evo_lab, numpy as np
    >>> s = evo_lab.Game(players=2, seed=1).new_initial_state_dealt(np.random.default_rng(1))
    >>> action_words(s, s.parse_action("bid 2 on lot 0"))
    'P1 bids 2 for the event card'
    """
    if isinstance(action, str):
        action = state.parse_action(action)
    if state.is_chance_node():
        return "chance: " + _chance(state, action, state.masked_action_string(action, viewer))
    return f"P{state.current_player() + 1} {_decision(state, action)}"


def history_line(node: TreeNode, viewer: int | None = None) -> str:
    """A game-tree node as one line of the history: ``"13. P2 bids 6 for the event card"``."""
    if node.parent is None or node.action is None:
        return f"{node.ply}. start"
    action = node.action
    assert isinstance(action, Action)  # a node of an Evo game tree
    return f"{node.ply}. {action_words(node.parent.state, action, viewer)}"


_ONE = re.compile(
    r"\b1 (point|horn|dinosaur|egg|round|move|token|card|gene|attempt|space|game|player|vial|section)s\b"
)


def fix_plurals(text: str) -> str:
    """Mend "1 points"-style phrases in text built elsewhere (the engine's descriptions).

    >>> fix_plurals("end movement (1 points unused), 2 points, 1 horns")
    'end movement (1 point unused), 2 points, 1 horn'
    """
    return _ONE.sub(lambda m: f"1 {m.group(1)}", text)


def choice_label(state: State, action: Action) -> str:
    """An action of the player to act as the action list shows it: what it does, and the odds of an attack.

    >>> import evo_lab, numpy as np
    >>> s = evo_lab.Game(players=2, seed=1).new_initial_state_dealt(np.random.default_rng(1))
    >>> choice_label(s, s.legal_actions()[0])
    'bid 0 for the event card, pays 0 MP'
    """
    k = action.kind
    if k == "end":
        return _decision(state, action).replace("ends movement", "end movement")
    text = fix_plurals(state.describe_action(action))
    if k == "attack":
        text = f"{text} ({pct(state.attack_probability(action.a, action.b))})"
    return text


def board_words(name: str) -> str:
    """A board by what a player calls it: "standard-4p" -> "the standard 4-player board", any other name quoted.

    >>> board_words("standard-4p"), board_words("my-island")
    ('the standard 4-player board', 'the board “my-island”')
    """
    m = re.fullmatch(r"standard-(\d)p", name)
    return f"the standard {m.group(1)}-player board" if m else f"the board “{name}”"
