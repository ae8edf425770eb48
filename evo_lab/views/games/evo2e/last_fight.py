"""The attack just played, for the Combat tab: who attacked whom on which spaces, the horns and modifiers counted,
the exact chance it had, the face the combat die showed and what happened (rulebook, "Combat result").

>>> import evo_lab
>>> s = evo_lab.Explorer(scenario="attack").session
>>> last_fight(s.tree) is None                      # no attack played yet
True
>>> a = next(a for a in s.state.legal_actions() if a.kind == "attack")
>>> _ = s.play(a)                                    # the die is rolled at once (Evo rolls its own dice)
>>> f = last_fight(s.tree)
>>> (f.src, f.dst) == (a.a, a.b), f.result in ("win", "lose"), f.probability == f.before.attack_probability(a.a, a.b)
(True, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

from evo_lab.core.words import plural, prob_words

from . import odds_bridge

__all__ = ["Fight", "fight_html", "last_fight", "strip_html"]


@dataclass
class Fight:
    """One attack of the game: ``before`` (the state when the die was rolled), the spaces, the owners, the horns
    counted on each side, the modifiers, the exact odds (``odds_bridge.combat``), the face rolled and the result;
    ``after``: the state after the roll; ``ply``: its move number; ``round``."""

    before: Any
    after: Any
    ply: int
    src: int
    dst: int
    attacker: int
    defender: int
    odds: dict
    face: str
    result: str

    @property
    def probability(self) -> Fraction:
        return Fraction(self.odds["probability"])

    @property
    def modifiers(self) -> dict[str, bool]:
        st, p, q = self.before, self.attacker, self.defender
        return {
            "large_horn": bool(st.has(p, "large_horn")),
            "frenzied": bool(st.frenzied(p)),
            "bony_plates": bool(st.has(q, "bony_plates")),
        }


def last_fight(tree: Any, same_round: bool = True) -> Fight | None:
    """The last attack on the path to the current node of ``tree`` (``same_round``: only one of the current round),
    or ``None``."""
    path = tree.path()
    now = path[-1].state
    for node in reversed(path[1:]):
        before = node.parent.state
        if same_round and getattr(before, "round", None) != getattr(now, "round", None):
            return None
        if before.node_name() != "die" or len(tuple(before.pending or ())) != 2:
            continue
        src, dst = before.pending
        p, q = before.occupant(src), before.occupant(dst)
        if p < 0 or q < 0:
            continue
        g = before.game
        odds = odds_bridge.combat(
            g,
            before.gene_counts(p)["horn"],
            before.gene_counts(q)["horn"],
            large_horn=bool(before.has(p, "large_horn")),
            bony_plates=bool(before.has(q, "bony_plates")),
            frenzied=bool(before.frenzied(p)),
        )
        face = g.die_kinds[node.action.a]
        win = g.die_symbols[node.action.a].succeeds(odds["attack"], odds["defence"])
        return Fight(before, node.state, node.ply, src, dst, p, q, odds, face, "win" if win else "lose")
    return None


def _dino(st: Any, space: int, p: int) -> str:
    return f"P{p + 1}'s dinosaur on {st.game.labels[space]} ({plural(st.gene_counts(p)['horn'], 'horn')})"


def _outcome(f: Fight) -> str:
    after, L = f.after, f.before.game.labels
    if f.result == "win":
        if after.occupant(f.dst) == f.attacker:
            return (
                f"The attack succeeded: P{f.defender + 1}'s dinosaur is removed and P{f.attacker + 1}'s dinosaur "
                f"moves onto {L[f.dst]}."
            )
        return f"The attack succeeded, but P{f.defender + 1}'s dinosaur was not taken (it escaped)."
    if after.occupant(f.src) != f.attacker:
        return f"The attack failed and P{f.attacker + 1}'s dinosaur on {L[f.src]} is removed."
    return "The attack failed: both dinosaurs stay where they are."


def strip_html(odds: dict, rolled: str | None = None) -> str:
    """The die's six faces side by side (a symbol printed on two faces has two boxes), green where the attack
    succeeds and red where it fails; a face with the symbol ``rolled`` outlined."""
    boxes = []
    kinds = [k for k, f in odds["faces"].items() for _ in range(f["count"])]
    for i, kind in enumerate(kinds):
        f = odds["faces"][kind]
        mark = kind == rolled and kinds.index(kind) == i
        colour, word = ("#1b7a35", "wins") if f["wins"] else ("#b00020", "fails")
        boxes.append(
            f"<div class='evo-face{' rolled' if mark else ''}' style='flex:1 1 0;min-width:62px;"
            f"border:{'4px solid #111' if mark else '1px solid #999'};border-radius:6px;padding:4px 6px;"
            f"background:{'#e6f6e8' if f['wins'] else '#fde8e8'};font-size:14px;line-height:1.3'>"
            f"<div>{escape(f['name'])}</div><div style='color:{colour};font-weight:bold'>{word}"
            f"{' (rolled)' if mark else ''}</div></div>"
        )
    strip = "display:flex;gap:6px;flex-wrap:wrap;margin:6px 0"
    return f"<div class='evo-die-strip' style='{strip}'>{''.join(boxes)}</div>"


def fight_html(f: Fight) -> str:
    """The attack just played: who attacked whom with how many horns, its chance, the die and what happened."""
    st, o = f.before, f.odds
    m = f.modifiers
    att = [w for k, w in (("large_horn", "Large horn"), ("frenzied", "Frenzied attack")) if m[k]]
    att_words = f"attack {o['attack']}" + (f" (with {' and '.join(att)})" if att else "")
    dfn_words = f"defence {o['defence']}" + (" (with Bony plates)" if m["bony_plates"] else "")
    counted = f" Horns counted: {att_words}, {dfn_words}." if att or m["bony_plates"] else ""
    name = o["faces"][f.face]["name"] if f.face in o["faces"] else f.face
    ok = f.result == "win"
    return (
        "<div class='evo-last-fight' style='font-size:15px;line-height:1.45;padding:6px 8px;border-radius:6px;"
        f"background:{'#e6f6e8' if ok else '#fde8e8'};margin-bottom:6px'>"
        f"<div><b>The attack just played</b> (move {f.ply}): {escape(_dino(st, f.src, f.attacker))} "
        f"attacked {escape(_dino(st, f.dst, f.defender))}.{escape(counted)}</div>"
        f"<div>Its chance of success: <b>{escape(prob_words(f.probability).replace(' (', ', ').rstrip(')'))}</b>. "
        f"The combat die showed <b>{escape(name)}</b>. {escape(_outcome(f))}</div>"
        f"{strip_html(o, f.face)}</div>"
    )
