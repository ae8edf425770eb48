"""A game told in words: turns the engine's events (``state.log``, :mod:`evo_lab.games.evo2e.events`) into a
per-round story.

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

from .core.protocol import sample_chance, uniform_random_policy
from .games.evo2e import Game, State, rules
from .games.evo2e import events as E
from .games.evo2e.phases.mutation import EMPTY_LOT, EVENT_LOT


def _p(p: int) -> str:
    return f"P{p + 1}"


def _auction(ev: E.Auction, after: State) -> list[str]:
    g = after.game
    out = []
    for lot, (p, v) in enumerate(ev.bids):
        item = after.lots[lot] if lot < len(after.lots) else EMPTY_LOT
        what = "the event card" if item == EVENT_LOT else ("nothing" if item == EMPTY_LOT else g.gene_names[item])
        out.append(f"  {_p(p)} wins lot {lot} ({what}) for {after.paid[p]} MP (bid {v}).")
    return out


def _fight(ev: E.Fight, before: State) -> str:
    L = before.game.labels
    att, dfd = before.occ[ev.src], before.occ[ev.dst]
    p = before.attack_probability(ev.src, ev.dst) if att >= 0 and dfd >= 0 else None
    odds = f" (wins with {p})" if p is not None else ""
    verdict = "and wins" if ev.result == "win" else "and fails"
    return f"    {_p(att)} attacks {L[ev.src]} x {L[ev.dst]} ({_p(dfd)}){odds}: rolls {ev.face} {verdict}."


def _line(ev: tuple, before: State, after: State) -> list[str]:
    """The sentences of one event (events by name: :mod:`evo_lab.games.evo2e.events`)."""
    g = after.game
    L = g.labels
    k = ev[0]
    if k == "round":
        return [f"Round {ev.round}"]
    if k == "token":
        if ev.token == g.meteorite:
            return ["  Climate: the meteorite falls. The game ends at once."]
        return [f"  Climate: token {g.token_ids[ev.token]} ({g.token_shifts[ev.token]:+d})."]
    if k == "wheel":
        states = ", ".join(f"{t} {v}" for t, v in after.terrain_states(ev.new).items())
        how = " (Prescience)" if ev.prescience else ""
        return [f"  The wheel turns {ev.shift:+d}{how} to section {ev.new}: {states}."]
    if k == "peek":
        holder = [p for p in range(g.players) if after.has(p, "sixth_sense")]
        return [f"  {', '.join(_p(p) for p in holder)} (sixth sense) sees the next token."]
    if k == "gene":
        return [f"  Mutation: lot {ev.lot} offers {g.gene_names[ev.gene]}."]
    if k == "auction":
        return _auction(ev, after)
    if k == "card":
        return [f"  {_p(ev.player)} draws an event card."]
    if k == "initiative":
        extra = f" ({_p(ev.rushed)} used adrenaline rush)" if ev.rushed >= 0 else ""
        return ["  Initiative: " + " ".join(_p(p) for p in ev.order) + extra + "."]
    if k in ("move", "wings", "flippers"):
        how = {"move": "moves", "wings": "flies", "flippers": "swims"}[k]
        return [f"    {_p(after.occ[ev.dst])} {how} {L[ev.src]} -> {L[ev.dst]}."]
    if k == "fight":
        return [_fight(ev, before)]
    if k == "scored":
        return ["  Scoring: " + ", ".join(f"{_p(p)} +{c} = {after.mp[p]} MP" for p, c in enumerate(ev.counts)) + "."]
    if k == "end":
        order = sorted(range(g.players), key=lambda p: ev.ranking[p])
        return ["Final ranking: " + ", ".join(f"#{ev.ranking[p]} {_p(p)} ({ev.mp[p]} MP, {after.count[p]} dinosaurs)"
                                              for p in order)]
    if k == "starved":
        return [f"    Survival: {_p(ev.player)} loses {L[ev.space]} to the climate."]
    text = E.text(ev, g)  # bids, plays (each card says itself), births, killer babies, escapes
    return [f"    {text[0].upper()}{text[1:]}."]


def narrate(before: State, action: Any, after: State) -> list[str]:
    """Sentences for one applied action: what the player did and everything the rules then did alone."""
    out: list[str] = []
    for ev in after.log:
        out.extend(_line(ev, before, after))
    g = after.game
    if action.kind == "birth" and before.count[before.actor] >= g.max_dinos and action.b >= 0:
        out.insert(0, f"    {_p(before.actor)} removes the dinosaur on {g.labels[action.b]} to lay a new one.")
    return out


def default_bots(players: int, seed: int | None) -> list[Callable[[State, int], Any]]:
    """The demo's players: greedy bots when the bots module is there, else uniform random."""
    try:
        from .bots import make_bot
    except ImportError:  # pragma: no cover - bots ship with evo-lab
        rng = np.random.default_rng(seed)
        pol = uniform_random_policy(rng)
        return [lambda s, p: pol(s)] * players
    ss = np.random.SeedSequence(seed)
    return [make_bot("greedy", seed=int(c.generate_state(1)[0])) for c in ss.spawn(players)]


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
