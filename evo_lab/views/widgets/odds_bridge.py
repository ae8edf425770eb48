"""Exact odds for the panels: :mod:`evo_lab.odds` when it is installed, else small exact fallbacks here.

Every function returns plain data with :class:`fractions.Fraction` probabilities.

>>> import evo_lab
>>> g = evo_lab.Game(players=2)
>>> combat(g, 1, 0)["probability"]
Fraction(2, 3)
>>> sum(climate(g.new_initial_state(), 12)["game_length"].values())
Fraction(1, 1)
"""

from __future__ import annotations

from collections import defaultdict, deque
from fractions import Fraction
from typing import Any

from evo_lab.engine import rules

__all__ = ["attack_plan", "climate", "combat", "next_token_outcomes", "odds_source"]


def _odds_module() -> Any:
    try:
        from evo_lab import odds  # type: ignore[import-not-found]
    except Exception:  # noqa: BLE001 - the odds package may not exist yet
        return None
    return odds


def odds_source() -> str:
    """``"evo_lab.odds"`` when the odds package provides the functions, else ``"built-in"``."""
    m = _odds_module()
    return "evo_lab.odds" if m is not None and hasattr(m, "combat_odds") else "built-in"


def combat(game: Any, attack_horns: int, defence_horns: int, *, large_horn: bool = False, bony_plates: bool = False,
           frenzied: bool = False) -> dict:
    """Exact chance that an attack succeeds, with the die-face breakdown.

    Returns ``{"probability", "attack", "defence", "faces": {kind: {"name", "count", "wins", "contribution"}}}``.
    """
    for name, v in (("attack_horns", attack_horns), ("defence_horns", defence_horns)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"{name} must be a non-negative integer, got {v!r}")
    d = game.data
    s = d.setup
    att = rules.attack_horns(attack_horns, large_horn, frenzied, s["large_horn_bonus"], s["frenzied_attack_bonus"])
    dfn = rules.defence_horns(defence_horns, bony_plates, s["bony_plates_bonus"])
    m = _odds_module()
    if m is not None and hasattr(m, "combat_odds"):
        r = m.combat_odds(attack_horns, defence_horns, large_horn=large_horn, bony_plates=bony_plates,
                          frenzied=frenzied, data=d)
        faces = {k: {"name": getattr(d.die_symbols.get(k), "name", k), "count": v.get("count"),
                     "wins": v.get("wins"), "contribution": v.get("contribution")} for k, v in r.faces.items()}
        return {"probability": r.probability, "attack": att, "defence": dfn, "faces": faces}
    n = len(d.die_faces)
    faces = {}
    for k in dict.fromkeys(d.die_faces):
        sym = d.die_symbols[k]
        c = d.die_faces.count(k)
        win = sym.succeeds(att, dfn)
        faces[k] = {"name": sym.name, "count": c, "wins": win, "contribution": Fraction(c, n) if win else Fraction(0)}
    return {"probability": sum((f["contribution"] for f in faces.values()), Fraction(0)), "attack": att,
            "defence": dfn, "faces": faces}


def attack_plan(state: Any, src: int, dst: int, movement_points: int | None = None) -> dict:
    """Chance that the dinosaur on ``src`` beats the one on ``dst`` this turn with the movement points left:
    walk the shortest way (over empty spaces) next to ``dst``, then attack again after each failure.

    Returns ``{"probability", "attempts", "path" (space ids), "single"}``.
    """
    g = state.game
    mp = state.mp_left if movement_points is None else movement_points
    if state.occ[src] < 0 or state.occ[dst] < 0 or state.occ[src] == state.occ[dst]:
        raise ValueError("attack_plan needs the attacker's dinosaur on src and an enemy dinosaur on dst")
    m = _odds_module()
    if m is not None and hasattr(m, "attack_plan") and state.node_name() == "move" \
            and state.occ[src] == state.current_player():
        r = m.attack_plan(state, src, dst, movement_points=mp)  # optimal plan (wings, flippers, retries)
        return {"probability": r.probability, "attempts": None, "path": list(getattr(r, "path", []) or []),
                "single": state.attack_probability(src, dst)}
    single = state.attack_probability(src, dst)
    if state.is_protected(state.occ[dst]):  # a protected clan may not be attacked at all
        return {"probability": Fraction(0), "attempts": 0, "path": [], "single": single}
    # an approximation outside the mover's own turn: the shortest walk over empty spaces to a neighbour of the
    # target, then repeated attacks with the points left (no wings, flippers or chameleon skin)
    goal = set(g.adj[dst])
    prev = {src: -1}
    q = deque([src])
    end = -1
    while q:
        x = q.popleft()
        if x in goal:
            end = x
            break
        for y in g.adj[x]:
            if y not in prev and state.occ[y] < 0:
                prev[y] = x
                q.append(y)
    if end < 0:
        return {"probability": Fraction(0), "attempts": 0, "path": [], "single": single}
    path = []
    while end >= 0:
        path.append(end)
        end = prev[end]
    path.reverse()
    attempts = max(0, mp - (len(path) - 1))
    return {"probability": 1 - (1 - single) ** attempts, "attempts": attempts, "path": path, "single": single}


def _next_round(state: Any) -> int:
    """The round whose climate token is revealed next."""
    return state.round if state.node_name() in ("token",) else state.round + 1


def climate(state: Any, rounds: int | None = None, viewer: int | None = None) -> dict:
    """Exact climate trajectory from ``state``: for each coming round, the wheel section's distribution
    (given that the round is played), the chance that it is played, and the number of rounds the game lasts
    (the meteorite ends it as its round begins).

    Returns ``{"rounds": [r...], "sections": [{section: Fraction}], "alive": [Fraction], "game_length":
    {round: Fraction}}``. Prescience plays are not foreseen."""
    g = state.game
    first = max(1, _next_round(state))
    pos0 = len(state.revealed)
    remaining = g.pile_length - pos0
    if rounds is None:
        rounds = remaining
    m = _odds_module()
    if m is not None and hasattr(m, "climate_forecast"):
        try:
            f = m.climate_forecast(state, rounds, viewer=viewer)
        except ValueError:  # a position the package does not forecast: use the built-in computation
            f = None
        if f is not None:
            return {"rounds": list(f.rounds), "sections": [dict(x) for x in f.sections], "alive": list(f.reached),
                    "game_length": dict(f.game_length)}
    if state.is_terminal() or state.phase_name() == "end":
        return {"rounds": [], "sections": [], "alive": [], "game_length": {}}
    known = state.next_token
    if known is not None and viewer is not None:
        obs = state.observation(viewer)
        if "next_token" not in obs["climate"]:
            known = None
    dist: dict[tuple[tuple[int, ...], int], Fraction] = {(tuple(state.tokens_left), state.section): Fraction(1)}
    length: dict[int, Fraction] = defaultdict(Fraction)
    out_secs, alive = [], []
    for k in range(min(rounds, remaining)):
        pos = pos0 + k + 1
        new: dict[tuple[tuple[int, ...], int], Fraction] = defaultdict(Fraction)
        for (left, sec), p in dist.items():
            w, met = rules.climate_token_weights(list(left), pos, g.pile_length, g.bottom)
            if k == 0 and known is not None:
                w = [1 if i == known else 0 for i in range(len(w))]
                met = 1 if known == g.meteorite else 0
            tot = sum(w) + met
            if met:
                length[first + k - 1] += p * Fraction(met, tot)  # rounds played before the meteorite
            for i, x in enumerate(w):
                if x:
                    nl = list(left)
                    nl[i] -= 1
                    new[(tuple(nl), (sec + g.token_shifts[i]) % g.n_sections)] += p * Fraction(x, tot)
        dist = new
        marg: dict[int, Fraction] = defaultdict(Fraction)
        for (_, sec), p in dist.items():
            marg[sec] += p
        a = sum(marg.values(), Fraction(0))
        if not a:
            break
        alive.append(a)
        out_secs.append({s: v / a for s, v in sorted(marg.items())})
    return {"rounds": list(range(first, first + len(out_secs))), "sections": out_secs, "alive": alive,
            "game_length": dict(sorted(length.items()))}


def next_token_outcomes(state: Any) -> list[tuple[str, Fraction, int | None]]:
    """The possible next climate tokens: ``(token id, probability, wheel section after it or None)``."""
    g = state.game
    if state.is_terminal() or state.phase_name() == "end":
        return []
    w, met = rules.climate_token_weights(list(state.tokens_left), len(state.revealed) + 1, g.pile_length, g.bottom)
    tot = sum(w) + met
    out = [(g.token_ids[i], Fraction(x, tot), (state.section + g.token_shifts[i]) % g.n_sections)
           for i, x in enumerate(w) if x]
    if met:
        out.append(("meteorite", Fraction(met, tot), None))
    return out
