"""Round summaries and auction results from a game tree's line of play, in words, from the engine's events.

>>> import evo_lab, numpy as np
>>> from evo_lab.core.tree import GameTree
>>> tree = GameTree(evo_lab.Game(players=3, seed=2).new_initial_state())
>>> rng = np.random.default_rng(2)
>>> while tree.state.round < 2:
...     s = tree.state
...     _ = tree.play(evo_lab.sample_chance(s, rng) if s.is_chance_node() else s.legal_actions()[0])
>>> lines = round_summary(tree.path(), 1)
>>> lines[0].startswith("Climate: climate token")
True
>>> any(line.startswith("Auction:") for line in lines)
True
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from evo_lab.core.words import plural
from evo_lab.games.evo2e import rules
from evo_lab.games.evo2e.words import lot_words, token_words, wheel_words

__all__ = ["auction_results", "round_summary", "rounds_on_path"]


def rounds_on_path(path: list) -> list[int]:
    """The rounds that the nodes of ``path`` (root first) reach, in order."""
    return sorted({n.state.round for n in path if n.state.round > 0})


def _events(path: list, rnd: int) -> list[tuple[Any, tuple]]:
    """``(node, event)`` for every event logged in round ``rnd`` along ``path``."""
    out = []
    for n in path:
        if n.parent is None:
            continue
        r = n.parent.state.round
        for ev in n.state.events(last=True):
            if ev and ev[0] == "round":
                r = ev[1]
            if r == rnd:
                out.append((n, ev))
    return out


def auction_results(path: list, rnd: int | None = None) -> list[str]:
    """Who won what in the last auction on ``path`` (of round ``rnd`` if given):
    ``["P2 won Horn with a bid of 4, paying 3 MP", ...]``; ``[]`` when no auction ended yet."""
    for n in reversed(path):
        if n.parent is None or (rnd is not None and n.state.round != rnd):
            continue
        ev = next((e for e in n.state.events(last=True) if e and e[0] == "auction"), None)
        if ev is not None:
            return _auction_lines(n.parent.state, ev)
    return []


def _auction_lines(before: Any, ev: tuple) -> list[str]:
    out = []
    for lot, (p, v) in enumerate(ev[1]):
        name = lot_words(before, lot)
        pay = rules.bid_price(v, before.vials(p))
        out.append(f"P{p + 1} won {name} with a bid of {v}, paying {pay} MP")
    return out


def round_summary(path: list, rnd: int) -> list[str]:
    """Round ``rnd`` along ``path`` (root first) in a few lines: the climate, the auction, the movement
    (moves, fights, escapes), births, deaths, cards played and the scoring. Hidden information (which card was
    drawn, a token seen with sixth sense) is not mentioned."""
    evs = _events(path, rnd)
    g = path[0].state.game
    lines: list[str] = []
    moves: Counter = Counter()
    fights = wins = escapes = births = babies = starved = 0
    plays: list[str] = []
    scored = ""
    for node, ev in evs:
        k = ev[0]
        if k == "token":
            lines.append(
                "Climate: the meteorite falls and ends the game"
                if ev[1] == g.meteorite
                else f"Climate: climate token {token_words(g, ev[1])}"
            )
        elif k == "wheel":
            lines.append(f"Climate: {wheel_words(ev[1], ev[2], ev[3])}" + (" (Prescience)" if ev[4] else ""))
        elif k == "auction":
            lines.append("Auction: " + "; ".join(_auction_lines(node.parent.state, ev)))
        elif k in ("move", "wings", "flippers"):
            moves[node.state.occupant(ev[2])] += 1
        elif k == "fight":
            fights += 1
            wins += ev[3] == "win"
        elif k == "escape":
            escapes += 1
        elif k == "birth":
            births += 1
        elif k == "killer_baby":
            babies += 1
        elif k == "starved":
            starved += len(ev) - 2
        elif k == "play":
            plays.append(f"P{ev[1] + 1} played {g.card_names[g.card_ids.index(ev[2])]}")
        elif k == "scored":
            scored = "Scoring: " + ", ".join(f"P{p + 1} +{c}" for p, c in enumerate(ev[1]))
    if moves or fights:
        who = ", ".join(f"P{p + 1} {m}" for p, m in sorted(moves.items()) if p >= 0)
        lines.append(
            f"Movement: {plural(sum(moves.values()), 'move')}"
            + (f" ({who})" if who else "")
            + f", {plural(fights, 'attack')} ({wins} won"
            + (f", {escapes} escaped" if escapes else "")
            + ")"
        )
    if plays:
        lines.append("Cards: " + "; ".join(plays))
    if births or babies:
        lines.append(
            f"Birth: {plural(births, 'egg')} laid"
            + (f", {plural(babies, 'killer baby', 'killer babies')}" if babies else "")
        )
    killed = wins - escapes
    if killed or starved or babies:
        how = [
            f"{n} {what}"
            for n, what in ((killed, "in fights"), (babies, "to killer babies"), (starved, "to the climate"))
            if n
        ]
        lines.append(f"Deaths: {plural(killed + babies + starved, 'dinosaur')} ({', '.join(how)})")
    if scored:
        lines.append(scored)
    return lines
