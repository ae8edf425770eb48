"""A game told in words: turns the engine's events (``state.log``) into a per-round story.

>>> import evo_lab
>>> final, lines = play_story(evo_lab.Game(players=2, seed=3), seed=3)
>>> lines[0].startswith("Round 1")
True
>>> final.is_terminal()
True
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import numpy as np

from .core.protocol import sample_chance
from .views.words import pct, plural, shift_words, token_words
from .engine import Game, State
from .engine.state import EMPTY_LOT, EVENT_LOT
from .engine import rules


def _p(p: int) -> str:
    return f"P{p + 1}"


def _face(g: Any, kind: str) -> str:
    """A die face by its printed name ("Claw with plus sign"), not its data id."""
    return getattr(g.data.die_symbols.get(kind), "name", kind)


def narrate(before: State, action: Any, after: State) -> list[str]:
    """Sentences for one applied action: what the player did and everything the rules then did alone."""
    g = after.game
    L = g.labels
    out: list[str] = []
    kind = action.kind
    for ev in after.log:
        t = ev[0]
        if t == "round":
            out.append(f"Round {ev[1]}")
        elif t == "token":
            if ev[1] == g.meteorite:
                out.append("  Climate: the meteorite falls. The game ends at once.")
            else:
                out.append(f"  Climate: token {token_words(g, ev[1])}.")
        elif t == "wheel":
            states = ", ".join(f"{k} {v}" for k, v in after.terrain_states(ev[2]).items())
            how = " (Prescience)" if ev[4] else ""
            turn = f"stays at section {ev[2]}" if ev[1] == ev[2] else f"turns {shift_words(ev[3])}{how} to section {ev[2]}"
            out.append(f"  The wheel {turn}: {states}.")
        elif t == "peek":
            holder = [p for p in range(g.players) if after.has(p, "sixth_sense")]
            out.append(f"  {', '.join(_p(p) for p in holder)} (sixth sense) sees the next token.")
        elif t == "gene":
            out.append(f"  Mutation: lot {ev[1]} offers {g.gene_names[ev[2]]}.")
        elif t == "bid":
            out.append(f"    {_p(ev[1])} bids {ev[3]} on lot {ev[2]}.")
        elif t == "outbid":
            out.append(f"    {_p(ev[3])} bids {ev[4]} on lot {ev[2]}, displacing {_p(ev[1])}.")
        elif t == "auction":
            for lot, (p, v) in enumerate(ev[1]):
                item = after.lots[lot] if lot < len(after.lots) else EMPTY_LOT
                what = "the event card" if item == EVENT_LOT else ("nothing" if item == EMPTY_LOT else g.gene_names[item])
                out.append(f"  {_p(p)} wins lot {lot} ({what}) for {after.paid[p]} MP (bid {v}).")
        elif t == "card":
            out.append(f"  {_p(ev[1])} draws an event card.")
        elif t == "initiative":
            extra = f" ({_p(ev[2])} used adrenaline rush)" if len(ev) > 2 else ""
            out.append("  Initiative: " + " ".join(_p(p) for p in ev[1]) + extra + ".")
        elif t in ("move", "wings", "flippers"):
            how = {"move": "moves", "wings": "flies", "flippers": "swims"}[t]
            out.append(f"    {_p(after.occ[ev[2]])} {how} {L[ev[1]]} -> {L[ev[2]]}.")
        elif t == "fight":
            src, dst, res, face = ev[1], ev[2], ev[3], ev[4] if len(ev) > 4 else "?"
            att = before.occ[src]
            dfd = before.occ[dst]
            p = before.attack_probability(src, dst) if att >= 0 and dfd >= 0 else None
            odds = f" (wins with {p}, {pct(p)})" if p is not None else ""
            verdict = "and wins" if res == "win" else "and fails"
            out.append(f"    {_p(att)} attacks {L[src]} x {L[dst]} ({_p(dfd)}){odds}: rolls {_face(g, face)} {verdict}.")
        elif t == "escape":
            out.append(f"    The beaten dinosaur escapes to {L[ev[3]]} (chameleon skin).")
        elif t == "play":
            effect = g.card_effects[g.card_ids.index(ev[2])]
            extra = f", turning the wheel {shift_words(ev[3])}" if effect == "prescience" and len(ev) > 3 else ""
            if effect == "egg_thief" and len(ev) > 4:
                extra = f": the newborn on {L[ev[4]]} becomes one of theirs (taken from {_p(ev[3])})"
            out.append(f"    {_p(ev[1])} plays {g.card_names[g.card_ids.index(ev[2])]}{extra}.")
        elif t == "birth":
            out.append(f"    {_p(ev[1])} lays an egg: a new dinosaur on {L[ev[2]]}.")
        elif t == "killer_baby":
            res = "the enemy dies" if ev[3] == "enemy_dies" else "the baby dies"
            out.append(f"    {_p(ev[1])} drops a killer baby on {L[ev[2]]}: rolls {_face(g, ev[4])}, {res}.")
        elif t == "starved":
            out.append(f"    Survival: {_p(ev[1])} loses {plural(len(ev) - 2, 'dinosaur')} to the climate: "
                       + ", ".join(L[s] for s in ev[2:]) + ".")
        elif t == "scored":
            out.append("  Scoring: " + ", ".join(f"{_p(p)} +{c} = {after.mp[p]} MP" for p, c in enumerate(ev[1])) + ".")
        elif t == "end":
            ranks = ev[2]
            order = sorted(range(g.players), key=lambda p: ranks[p])
            out.append("Final ranking: " + ", ".join(f"#{ranks[p]} {_p(p)} ({ev[1][p]} MP, "
                                                     f"{plural(len(after.dinosaurs(p)), 'dinosaur')})" for p in order))
    if kind == "birth" and before.count[before.actor] >= g.max_dinos and action.b >= 0:
        out.insert(0, f"    {_p(before.actor)} removes the dinosaur on {L[action.b]} to lay a new one.")
    return out


def default_bots(players: int, seed: int | None, name: str = "lively") -> list[Callable[[State, int], Any]]:
    """The demo's players: one ``lively`` bot per seat (dinosaurs that move, fight, lay eggs and die), seeded
    from ``seed``; ``name`` picks another bot."""
    from .bots import make_bot

    ss = np.random.SeedSequence(seed)
    return [make_bot(name, seed=int(c.generate_state(1)[0])) for c in ss.spawn(players)]


def play_story(game: Game, seed: int | None = None, bots: Iterable[Callable[[State, int], Any]] | None = None,
               echo: Callable[[str], None] | None = None) -> tuple[State, list[str]]:
    """Play ``game`` to the end (chance from ``seed``; decisions by ``bots``) and tell it round by round."""
    rng = np.random.default_rng(seed)
    players = list(bots) if bots is not None else default_bots(game.players, seed)
    if len(players) != game.players:
        raise ValueError(f"need {game.players} bots, got {len(players)}")
    state = game.new_initial_state()
    lines: list[str] = []
    while not state.is_terminal():
        if state.is_chance_node():
            a = sample_chance(state, rng)
        else:
            p = state.current_player()
            a = players[p](state, p)
        before = state.clone()
        state.apply_action(a)
        for line in narrate(before, a, state):
            lines.append(line)
            if echo is not None:
                echo(line)
    return state, lines


__all__ = ["narrate", "play_story", "default_bots", "rules"]
