"""JSON snapshots of a position for the browser board widget.

Two parts travel to the browser: :func:`board_geometry` (static: hex polygons, coast, colours; sent once per
board) and :func:`snapshot` (everything that changes: dinosaurs, climate, the clickable targets of the player to
act with their action strings and odds, the last event). Clicks come back as those action strings, which the
engine parses and checks.

>>> import numpy as np, evo_lab
>>> s = evo_lab.Game(players=2, seed=1).new_initial_state_dealt(np.random.default_rng(1))
>>> snap = snapshot(s)
>>> snap["node"], len(snap["occ"]) == s.game.board.n
('bid', True)
>>> geo = board_geometry(s.game.board)
>>> len(geo["spaces"]), geo["spaces"][0]["label"] == s.game.labels[0]
(26, True)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from evo_lab.games.evo2e.board import TERRAINS, Board, hex_center
from evo_lab.games.evo2e.odds import climate_view
from evo_lab.games.evo2e.svg import (
    CLIMATE_COLOURS,
    CLIMATE_GLYPHS,
    COAST_COLOUR,
    DINO_PATH,
    HIGHLIGHT_COLOUR,
    PLAYER_COLOURS,
    PLAYER_NAMES,
    SEA_COLOUR,
    TERRAIN_COLOURS,
    coast_path,
    hex_corners,
    svg_points,
)
from evo_lab.core.words import capitalised, plural
from evo_lab.games.evo2e.words import lot_words, node_words, token_words, wheel_words

__all__ = ["BOARD_KINDS", "DIRECT_KINDS", "assumed_values", "board_geometry", "describe_last", "snapshot"]

#: Decisions drawn on the board as "select a dinosaur, then click a target".
BOARD_KINDS = ("move", "attack", "wings", "flippers")
#: Decisions drawn as a directly clickable space (no dinosaur to select first).
DIRECT_KINDS = ("birth", "escape", "remove")


def board_geometry(board: Board, size: float = 28) -> dict:
    """Static drawing data of ``board`` in the same coordinates and colours as :func:`~evo_lab.games.evo2e.svg.board_svg`."""
    s = float(size)
    centres = [hex_center(q, r, s) for q, r in board.axial]
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    margin = s * 1.3
    head = s * 1.1
    foot = s * 2.2  # two legend rows
    x0 = min(xs) - s * math.sqrt(3) / 2 - margin
    x1 = max(xs) + s * math.sqrt(3) / 2 + margin
    y0 = min(ys) - s - margin - head
    y1 = max(ys) + s + margin + foot
    spaces = []
    for i, (cx, cy) in enumerate(centres):
        spaces.append(
            {
                "id": i,
                "label": board.labels[i],
                "terrain": board.terrain[i],
                "coastal": bool(board.coastal[i]),
                "start": board.start_player(i),
                "cx": round(cx, 2),
                "cy": round(cy, 2),
                "points": svg_points(hex_corners(cx, cy, s)),
                "inner": svg_points(hex_corners(cx, cy, s * 0.84)),
            }
        )
    return {
        "name": board.name,
        "n": board.n,
        "size": s,
        "reconstructed": bool(board.reconstructed),
        "viewbox": [round(x0, 2), round(y0, 2), round(x1 - x0, 2), round(y1 - y0, 2)],
        "spaces": spaces,
        "coast": coast_path(board, centres, s),
        "dino_path": DINO_PATH,
        "colours": {
            "terrain": dict(TERRAIN_COLOURS),
            "climate": dict(CLIMATE_COLOURS),
            "players": list(PLAYER_COLOURS),
            "sea": SEA_COLOUR,
            "coast": COAST_COLOUR,
            "highlight": HIGHLIGHT_COLOUR,
        },
        "glyphs": dict(CLIMATE_GLYPHS),
        "player_names": list(PLAYER_NAMES),
        "terrains": list(TERRAINS),
    }


def assumed_values(game: Any, parts: tuple[str, ...] | None = None) -> list[str]:
    """Names of assumed data values of ``game`` (optionally only some data parts), plus the board if reconstructed.

    >>> import evo_lab
    >>> any(v.startswith("die") for v in assumed_values(evo_lab.Game(players=2), ("die",)))
    True
    """
    out = [assumed_words(game, v) for v in game.data.assumed() if parts is None or v.split()[0] in parts]
    if getattr(game.board, "reconstructed", False) and (parts is None or "board" in parts):
        out.append(f"board {game.board.name} (reconstructed, not the printed board)")
    return out


def assumed_words(game: Any, value: str) -> str:
    """One of the data pack's assumed values (``"die faces two_plus"``, ``"events card egg_thief copies"``,
    ``"climate token ccw1 (shift -1)"``) as a person reads it: die faces, cards and tokens by their names.

    >>> import evo_lab
    >>> g = evo_lab.Game(players=2)
    >>> assumed_words(g, "die faces two_plus"), assumed_words(g, "events card egg_thief copies")
    ('die faces: Claw with two plus signs', 'event cards: copies of Egg thief')
    >>> assumed_words(g, "climate token ccw1 (shift -1)")
    'climate token: anticlockwise 1'
    """
    words = value.split()
    if words[:2] == ["die", "faces"] and len(words) == 3:
        sym = game.data.die_symbols.get(words[2])
        return f"die faces: {getattr(sym, 'name', words[2])}"
    if words[:2] == ["events", "card"] and len(words) == 4 and words[2] in game.card_ids:
        return f"event cards: copies of {game.card_names[game.card_ids.index(words[2])]}"
    if words[:2] == ["climate", "token"] and len(words) >= 3 and words[2] in game.token_ids:
        return f"climate token: {token_words(game, words[2])}"
    return value


def describe_last(state: Any) -> dict | None:
    """The last event (``state.last``) as ``{"kind", "text", ...}``, saying who did what; fights carry the die
    face and result. ``None`` before the first event.

    >>> import evo_lab
    >>> describe_last(evo_lab.Game(players=2).new_initial_state()) is None
    True
    """
    last = tuple(state.last or ())
    if not last:
        return None
    g = state.game
    L = g.labels
    k = last[0]
    out: dict[str, Any] = {"kind": k}
    if k == "fight":
        _, src, dst, result, face = last
        name = getattr(g.data.die_symbols.get(face), "name", face)
        who = state.occupant(dst) if result == "win" else state.occupant(src)
        out.update(
            src=src,
            dst=dst,
            result=result,
            face=face,
            face_name=name,
            text=(
                f"{f'P{who + 1} on ' if who >= 0 else ''}{L[src]} attacks {L[dst]}: the die shows "
                f"{name}, so {'the attack succeeds' if result == 'win' else 'the attack fails'}"
            ),
        )
    elif k in ("move", "wings", "flippers"):
        how = {"move": "moves", "wings": "flies (wings)", "flippers": "swims (flippers)"}[k]
        p = state.occupant(last[2])
        out.update(src=last[1], dst=last[2], text=f"P{p + 1} {how} from {L[last[1]]} to {L[last[2]]}")
    elif k == "escape":
        out.update(
            src=last[1],
            dst=last[2],
            text=f"chameleon skin: the defender on {L[last[2]]} escapes to {L[last[3]]}",
        )
    elif k == "token":
        out.update(
            token=g.token_ids[last[1]],
            text="the meteorite falls: the game ends"
            if last[1] == g.meteorite
            else f"climate token {token_words(g, last[1])} revealed",
        )
    elif k == "birth":
        out.update(
            player=last[1], dst=last[2], text=f"P{last[1] + 1} lays an egg: a new dinosaur on {L[last[2]]}"
        )
    elif k == "killer_baby":
        _, p, space, res, face = last
        out.update(
            player=p,
            dst=space,
            face=face,
            result=res,
            text=f"P{p + 1}'s killer baby on {L[space]}: the die shows "
            f"{getattr(g.data.die_symbols.get(face), 'name', face)}, "
            + ("the enemy dies" if res == "enemy_dies" else "the baby dies"),
        )
    elif k == "starved":  # ("starved", player, space, ...)
        spaces = list(last[2:])
        out.update(
            spaces=spaces,
            text=f"P{last[1] + 1} loses {plural(len(spaces), 'dinosaur')} to the climate: "
            + ", ".join(L[x] for x in spaces if 0 <= x < g.n),
        )
    else:
        out.update(text=_event_text(g, last, state))
    return out


def _event_text(g: Any, last: tuple, state: Any = None) -> str:
    """Words for the events that do not mark a space."""
    k = last[0]
    if k == "initiative":
        return "initiative track: " + " ".join(f"P{p + 1}" for p in last[1])
    if k == "wheel":
        return wheel_words(last[1], last[2], last[3])
    if k == "round":
        return f"round {last[1]} begins"
    if k == "gene":
        return f"{g.gene_names[last[2]]} drawn for the auction"
    if k == "peek":
        return "sixth sense: the next climate token is known to its holder"
    if k == "end":
        return "game over: " + ", ".join(f"P{p + 1} {mp} MP" for p, mp in enumerate(last[1]))
    if k in ("bid", "outbid") and state is None and hasattr(last, "text"):
        return str(last.text(g))  # the lot by its line ("on the second lot")
    if k in ("bid", "outbid") and state is not None:  # the lot by what it holds, as the action list says it
        player, lot, value = (last[1], last[2], last[3]) if k == "bid" else (last[3], last[2], last[4])
        loser = f", displacing P{last[1] + 1}" if k == "outbid" else ""
        return f"P{player + 1} bids {value} for {lot_words(state, lot)}{loser}"
    if k == "auction":
        return "auction over: lots paid and genes taken"
    if k == "scored":
        return "scoring: " + ", ".join(f"P{p + 1} +{c}" for p, c in enumerate(last[1]))
    if k == "play":
        return f"P{last[1] + 1} plays {g.card_names[g.card_ids.index(last[2])] if last[2] in g.card_ids else last[2]}"
    if k == "card":
        return f"P{last[1] + 1} draws an event card"
    return " ".join(str(x) for x in last)


def _prob(p: Fraction | None) -> dict:
    return (
        {}
        if p is None
        else {
            "p": f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator),
            "pct": round(float(p) * 100, 1),
        }
    )


def snapshot(
    state: Any,
    viewer: int | None = None,
    *,
    ply: int = 0,
    title: str | None = None,
    action_text: str | None = None,
) -> dict:
    """Everything the board widget draws for ``state`` as seen by ``viewer`` (``None``: the omniscient teacher).

    ``targets`` maps a source space (as a string key) to the clickable targets of the dinosaur there:
    ``{"dst", "kind", "action", "text"}`` plus ``"p"``/``"pct"`` (success probability) for attacks. ``direct``
    lists spaces clicked without selecting first (births, escapes, removals). Only the player to act gets
    targets: a viewer who is not to act sees the position without them.

    ``last`` is the event of the last action played (its space is ringed on the board); an action that left no
    event (ending a movement, passing) shows ``action_text`` instead and rings nothing, so no mark stays on a
    dinosaur after its turn has passed.
    """
    g = state.game
    obs = state.observation(viewer)
    cur = state.current_player()
    can_act = cur >= 0 and (viewer is None or viewer == cur)
    targets: dict[str, list[dict]] = {}
    direct: list[dict] = []
    others: list[dict] = []
    if can_act:
        for a in state.legal_actions():
            text = state.action_to_string(a)
            item = {"kind": a.kind, "action": text, "text": state.describe_action(a)}
            if a.kind in BOARD_KINDS:
                item["dst"] = a.b
                if a.kind == "attack":
                    item.update(_prob(state.attack_probability(a.a, a.b)))
                targets.setdefault(str(a.a), []).append(item)
            elif a.kind == "birth" and a.b >= 0:
                item["dst"] = a.a
                targets.setdefault(str(a.b), []).append(item)
            elif a.kind in DIRECT_KINDS:
                item["dst"] = a.a
                direct.append(item)
            else:
                others.append(item)
    if state.is_terminal():
        status = "game over: " + ", ".join(f"P{p + 1} {mp} MP" for p, mp in enumerate(state.returns()))
    elif cur == -1:
        status = f"chance: {node_words(state)}"
    else:
        status = f"P{cur + 1} ({PLAYER_NAMES[cur]}) to {node_words(state)}"
        if state.node_name() == "move":
            status += f", {plural(state.mp_left, 'movement point')} left"
    states = obs["climate"]["states"]
    return {
        "ply": ply,
        "title": title if title is not None else _title(state),
        "status": capitalised(status),  # the board's heading: "Chance: the next climate token is revealed"
        "round": state.round,
        "phase": state.phase_name(),
        "node": state.node_name(),
        "player": cur,
        "viewer": viewer,
        "can_act": can_act,
        "terminal": state.is_terminal(),
        "section": obs["climate"]["section"],
        "states": states,
        "space_states": [states[t] for t in g.board.terrain],
        "occ": list(obs["board"]),
        "mp": [pl.get("mp") for pl in obs["players"]],
        "counts": [pl["dinosaurs"] for pl in obs["players"]],
        "targets": targets,
        "direct": direct,
        "others": others,
        "last": _last(state, action_text),
        "assumed": assumed_values(g),
    }


def _title(state: Any) -> str:
    """The board's heading: the round and phase, or how many rounds the game lasted (counted as the climate
    panel's game-length chart counts them)."""
    if state.is_terminal():
        n = climate_view(state).rounds_played
        return f"Game over after {plural(n, 'round')}"
    return f"Round {state.round}, {state.phase_name()} phase"


def _last(state: Any, action_text: str | None) -> dict | None:
    if state.events(last=True):
        return describe_last(state)
    return {"kind": "action", "text": action_text} if action_text else None
