"""Exact odds for the panels, from :mod:`evo_lab.games.evo2e.odds`, as plain data with :class:`fractions.Fraction`
probabilities, as the viewer of the panel may know them.

>>> import evo_lab
>>> g = evo_lab.Game(players=2)
>>> combat(g, 1, 0)["probability"]
Fraction(2, 3)
>>> sum(climate(g.new_initial_state(), 12)["game_length"].values())
Fraction(1, 1)
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from typing import Any

from evo_lab.games.evo2e import odds
from evo_lab.games.evo2e import rules

__all__ = ["attack_plan", "climate", "combat", "next_token_outcomes", "rounds_played"]


def combat(
    game: Any,
    attack_horns: int,
    defence_horns: int,
    *,
    large_horn: bool = False,
    bony_plates: bool = False,
    frenzied: bool = False,
) -> dict:
    """Exact chance that an attack succeeds, with the die-face breakdown (``evo_lab.games.evo2e.odds.combat_odds`` on the
    game's data pack).

    Returns ``{"probability", "attack", "defence", "faces": {kind: {"name", "count", "wins", "contribution"}}}``.
    """
    d = game.data
    r = odds.combat_odds(
        attack_horns, defence_horns, large_horn=large_horn, bony_plates=bony_plates, frenzied=frenzied, data=d
    )
    faces = {
        k: {"name": v["name"], "count": v["count"], "wins": v["wins"], "contribution": v["contribution"]}
        for k, v in r.faces.items()
    }
    return {"probability": r.probability, "attack": r.attack, "defence": r.defence, "faces": faces}


def attack_plan(state: Any, src: int, dst: int, movement_points: int | None = None) -> dict:
    """Chance that the dinosaur on ``src`` takes the enemy on ``dst`` this turn with the movement points left.

    In the mover's own turn this is ``evo_lab.games.evo2e.odds.attack_plan`` (the optimal plan: wings, flippers, retries,
    chameleon escapes). For any other dinosaur (a what-if on the board) it is the plan it would have with
    ``movement_points`` if it moved now: the shortest walk over empty spaces to a neighbour of the target, then
    an attack after each failure, ``1 - (1 - p)^attempts`` (no wings, flippers or chameleon skin).

    Returns ``{"probability", "attempts", "path" (space ids), "single", "reason"}`` (``reason``: why the
    chance is 0, or "").
    """
    mp = state.observation(None).get("movement_points_left") if movement_points is None else movement_points
    mp = int(mp or 0)
    att, dfd = state.occupant(src), state.occupant(dst)
    if att < 0 or dfd < 0 or att == dfd:
        raise ValueError("attack_plan needs the attacker's dinosaur on src and an enemy dinosaur on dst")
    single = state.attack_probability(src, dst)
    if state.node_name() == "move" and att == state.current_player():
        r = odds.attack_plan(state, src, dst, movement_points=mp)
        return {
            "probability": r.probability,
            "attempts": None,
            "path": list(r.path),
            "single": single,
            "reason": r.reason,
        }
    if state.is_protected(dfd):
        n = len(state.dinosaurs(dfd))
        return {
            "probability": Fraction(0),
            "attempts": 0,
            "path": [],
            "single": single,
            "reason": f"P{dfd + 1}'s clan is protected ({n} dinosaur{'s' if n != 1 else ''} on the board)",
        }
    path = _shortest_walk(state, src, dst)
    if not path:
        return {
            "probability": Fraction(0),
            "attempts": 0,
            "path": [],
            "single": single,
            "reason": "no free path to the target",
        }
    attempts = max(0, mp - (len(path) - 1))
    return {
        "probability": 1 - (1 - single) ** attempts,
        "attempts": attempts,
        "path": path,
        "single": single,
        "reason": "" if attempts else "not enough movement points to reach and attack",
    }


def _shortest_walk(state: Any, src: int, dst: int) -> list[int]:
    """Spaces from ``src`` to a neighbour of ``dst`` over empty spaces (``[]`` when there is none)."""
    adj = state.game.adj
    goal = set(adj[dst])
    prev = {src: -1}
    q = deque([src])
    while q:
        x = q.popleft()
        if x in goal:
            path = []
            while x >= 0:
                path.append(x)
                x = prev[x]
            return path[::-1]
        for y in adj[x]:
            if y not in prev and state.occupant(y) < 0:
                prev[y] = x
                q.append(y)
    return []


def rounds_played(state: Any) -> int:
    """Rounds played so far, counted as the climate forecast's game length counts them: a game the meteorite
    ends as round 11 begins lasted 10 rounds."""
    return odds.climate_view(state).rounds_played


def climate(state: Any, rounds: int | None = None, viewer: int | None = None) -> dict:
    """Exact climate trajectory from ``state`` as ``viewer`` knows it (``evo_lab.games.evo2e.odds.climate_forecast``): for
    each coming round the wheel section's distribution (given that the round is played), the chance that it is
    played, and the number of rounds the game lasts.

    Returns ``{"rounds": [r...], "sections": [{section: Fraction}], "alive": [Fraction], "game_length":
    {rounds: Fraction}}``. Prescience plays are not foreseen."""
    if rounds is None:
        rounds = state.game.pile_length
    f = odds.climate_forecast(state, rounds, viewer=viewer)
    return {
        "rounds": list(f.rounds),
        "sections": [dict(x) for x in f.sections],
        "alive": list(f.reached),
        "game_length": dict(f.game_length),
    }


def next_token_outcomes(state: Any, viewer: int | None = None) -> list[tuple[str, Fraction, int | None]]:
    """The possible next climate tokens as ``viewer`` knows them: ``(token id, probability, wheel section after
    it or None for the meteorite)``. A token seen with sixth sense is certain for its holder and the teacher
    (``viewer=None``), the same knowledge the players panel and the forecast use."""
    v = odds.climate_view(state, viewer)
    if v.ended:
        return []
    g = state.game
    if v.known_next is not None:
        w, met = (
            [1 if i == v.known_next else 0 for i in range(len(v.tokens_left))],
            int(v.known_next == g.meteorite),
        )
    else:
        w, met = rules.climate_token_weights(list(v.tokens_left), v.position, g.pile_length, g.bottom)
    tot = sum(w) + met
    out = [
        (g.token_ids[i], Fraction(x, tot), (v.section + g.token_shifts[i]) % g.n_sections)
        for i, x in enumerate(w)
        if x
    ]
    if met:
        out.append((g.token_ids[g.meteorite], Fraction(met, tot), None))
    return out
