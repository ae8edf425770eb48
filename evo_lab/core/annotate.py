"""A game annotated like a chess game: every decision analysed from its mover's view, marks where the played action
was clearly below the best (:func:`~evo_lab.core.analysis.mark`: ``"?"``, ``"??"``), as JSON and as a story.

>>> import evo_lab, numpy as np
>>> s = evo_lab.make_game("origin", players=2, seed=1).new_initial_state()
>>> _ = evo_lab.play_out(s, lambda st: st.legal_actions()[0], np.random.default_rng(1), max_actions=30)
>>> plies = annotate(s, iterations=20, seed=1)
>>> all(p.played_label == s.history_str()[p.ply] and p.mark in ("", "?", "??") for p in plies)
True
>>> report = to_json(s, plies)
>>> report["format"], len(report["plies"]) == len(plies)
('evo-lab-analysis', True)
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from .analysis import MARK_THRESHOLDS, TOLERANCE, Analysis, analyse, mark
from .protocol import GameState

__all__ = ["PlyAnalysis", "Recorded", "annotate", "story_html", "story_markdown", "to_json", "words"]


class _Named(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...


class Recorded(GameState, Protocol):
    """A state that knows its game (``name``, ``title``) and can replay its history (every registered game)."""

    @property
    def game(self) -> _Named: ...
    def replay(self) -> Iterator[tuple[GameState, Hashable]]: ...


@dataclass
class PlyAnalysis:
    """One analysed decision: its index in the history (``ply``), the mover, the action played, the analysis,
    the played action's loss against the best (score points) and its mark."""

    ply: int
    player: int
    played: Hashable
    played_label: str
    analysis: Analysis
    loss: float
    mark: str


def words(state: GameState, action: Hashable) -> str:
    """``action`` in words with who acts ("P2 bids 6 for Pair of legs"): the game's view plugin
    (:func:`~evo_lab.core.chance_words.words_for`), else its ``describe_action``, else its notation."""
    from .chance_words import words_for

    view = words_for(state)
    if view is not None:
        try:
            return str(view.action_words(state, action, None))
        except Exception:  # noqa: BLE001 - a description is a nicety: fall back to the state's own
            pass
    who = f"P{state.current_player() + 1}"
    text = _described(state, action)
    return text if text.startswith(who) else f"{who} {text}"


def _described(state: GameState, action: Hashable) -> str:
    describe = getattr(state, "describe_action", None)
    if callable(describe):
        try:
            return str(describe(action))
        except Exception:  # noqa: BLE001 - a description is a nicety: fall back to the notation
            return state.action_to_string(action)
    return state.action_to_string(action)


def annotate(
    state: Recorded,
    viewer: int | None = None,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int | None = None,
    rollout: str = "game",
    progress: Callable[[int, int], None] | None = None,
) -> list[PlyAnalysis]:
    """Analyse every decision in ``state``'s history with more than one legal action (only ``viewer``'s when
    given), each from its mover's view (what the mover could see then), with the same budget; ``progress(done,
    total)`` after each one. Decision ``k`` is analysed with seed ``seed + k`` (reproducible with
    ``iterations``)."""
    todo = []
    for i, (before, a) in enumerate(state.replay()):
        if before.is_chance_node():
            continue
        p = before.current_player()
        if (viewer is None or p == viewer) and len(before.legal_actions()) > 1:
            todo.append(i)
    out: list[PlyAnalysis] = []
    wanted = set(todo)
    for i, (before, a) in enumerate(state.replay()):
        if i not in wanted:
            continue
        p = before.current_player()
        an = analyse(
            before.clone(),
            p,
            iterations=iterations,
            seconds=seconds,
            seed=None if seed is None else seed + i,
            rollout=rollout,
        )
        out.append(PlyAnalysis(i, p, a, before.action_to_string(a), an, an.loss(a), mark(an, a)))
        if progress is not None:
            progress(len(out), len(todo))
    return out


def to_json(state: Recorded, plies: list[PlyAnalysis]) -> dict[str, Any]:
    """The evaluations as JSON-able data (format ``evo-lab-analysis``)."""
    rows = []
    for p in plies:
        an = p.analysis
        rows.append(
            {
                "ply": p.ply,
                "player": p.player + 1,
                "played": p.played_label,
                "best": an.best.label,
                "loss": p.loss,
                "mark": p.mark,
                "method": an.method,
                "playouts": an.playouts,
                "nodes": an.nodes,
                "seconds": an.seconds,
                "decided": an.decided,
                "score_scale": an.score_scale,
                "entries": [
                    {
                        "action": e.label,
                        "value": e.value,
                        "win_probability": e.win_probability,
                        "interval": [x if math.isfinite(x) else None for x in e.interval],
                        "visits": e.visits,
                    }
                    for e in an
                ],
            }
        )
    return {
        "format": "evo-lab-analysis",
        "version": 1,
        "game": state.game.name,
        "value": "expected final-score margin to the mover (own final score minus the best other's)",
        "thresholds": {
            "?": MARK_THRESHOLDS["?"],
            "??": MARK_THRESHOLDS["??"],
            "tolerance": TOLERANCE,
            "of": "the score scale: the expected best final score of the position",
        },
        "plies": rows,
    }


def _line(state_before: GameState, p: PlyAnalysis) -> tuple[str, str]:
    best = p.analysis.best
    played = f"{words(state_before, p.played)}{p.mark}"
    note = ""
    if p.mark:
        note = (
            f"gives away {p.loss:.1f} points of final margin; best: {words(state_before, best.action)} "
            f"({best.value:+.1f}, win {best.win_probability:.0%})"
        )
    return played, note


def _befores(state: Recorded, plies: list[PlyAnalysis]) -> dict[int, GameState]:
    wanted = {p.ply for p in plies}
    return {i: before.clone() for i, (before, _) in enumerate(state.replay()) if i in wanted}


def story_markdown(state: Recorded, plies: list[PlyAnalysis]) -> str:
    """The annotated decisions as Markdown: one line per decision, marks and what the best action was."""
    befores = _befores(state, plies)
    legend = (
        f"`?`: the action played gives away more than {MARK_THRESHOLDS['?']:.0%} of the score scale "
        f"(the expected winning score) against the best action; `??`: more than "
        f"{MARK_THRESHOLDS['??']:.0%}."
    )
    lines = [f"# {state.game.title}: the game analysed", "", legend, ""]
    for p in plies:
        played, note = _line(befores[p.ply], p)
        lines.append(f"{p.ply + 1}. {played}" + (f" — {note}" if note else ""))
    return "\n".join(lines) + "\n"


def story_html(state: Recorded, plies: list[PlyAnalysis]) -> str:
    """The annotated decisions as a small HTML page (marks in red)."""
    befores = _befores(state, plies)
    items = []
    for p in plies:
        played, note = _line(befores[p.ply], p)
        cls = {"?": "dubious", "??": "blunder"}.get(p.mark, "")
        items.append(
            f'<li value="{p.ply + 1}" class="{cls}">{html.escape(played)}'
            + (f" <small>{html.escape(note)}</small>" if note else "")
            + "</li>"
        )
    title = html.escape(f"{state.game.title}: the game analysed")
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>" + title + "</title><style>"
        ".dubious{color:#b45309}.blunder{color:#b91c1c;font-weight:bold}</style></head><body>"
        f"<h1>{title}</h1><p>? gives away more than {MARK_THRESHOLDS['?']:.0%} of the score scale, ?? more than "
        f"{MARK_THRESHOLDS['??']:.0%}.</p><ol>" + "".join(items) + "</ol></body></html>\n"
    )
