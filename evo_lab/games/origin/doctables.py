"""The generated tables of ``docs/origin.md`` (provenance, rulings, food-bank distributions, the trait registry).

``python scripts/gen_origin_docs.py`` rewrites the marked sections of the document; ``tests/games/origin/test_origin_data.py``
fails when the document and these tables differ.

>>> "| 3 | 2d6 |" in food_markdown()
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

from .data import load_pack
from .phases.foodbank import distribution, exact, mean
from .rules import rulings_markdown
from .traits import REGISTRY

__all__ = ["sections", "food_markdown", "traits_markdown", "update", "MARK"]

MARK = "<!-- generated:{name} -->"
END = "<!-- end generated:{name} -->"


def food_markdown() -> str:
    """Every player count: the dice, the range, the exact mean, and P(total) as integer weights over 6^dice."""
    pack = load_pack()
    lines = [
        "| players | dice | range | mean | P(total) = weight / 6^dice, totals from the lowest | confidence |",
        "|---|---|---|---|---|---|",
    ]
    for r in pack.food_rules:
        totals, w = distribution(r.dice, r.plus)
        m = mean(r.dice, r.plus)
        dice = f"{r.dice}d6" + (f"+{r.plus}" if r.plus else "")
        alt = " (3d6+3 with `six_player_bonus=3`)" if r.players == 6 else ""
        lines.append(
            f"| {r.players} | {dice}{alt} | {totals[0]}-{totals[-1]} | {m} = {float(m):.2f} | "
            f"{' '.join(map(str, w))} (/ {6**r.dice}) | {r.provenance.level} |"
        )
    p3 = exact(2, 0)
    lines += [
        "",
        "For example with 3 players (2d6): " + ", ".join(f"P({t}) = {p}" for t, p in p3.items()) + ".",
        f"The chance of a bank of at most 4 tokens: 2 players {sum(exact(1, 2)[t] for t in (3, 4))}, "
        f"3 players {sum((p for t, p in p3.items() if t <= 4), Fraction(0))}, "
        f"4 players {sum((p for t, p in exact(2, 2).items() if t <= 4), Fraction(0))}.",
    ]
    return "\n".join(lines)


def traits_markdown() -> str:
    """The registry: each trait, its data and the hooks it has."""
    pack = load_pack()
    lines = [
        "| trait | abbr. | food | score | played on | hooks | card text (MC, via the reference) |",
        "|---|---|---|---|---|---|---|",
    ]
    for t in pack.traits:
        r = REGISTRY[t.id]
        hooks = [
            h
            for h in (
                "excludes",
                "attacker_needs",
                "prey_needs",
                "blocks",
                "defend",
                "feeding",
                "on_eaten",
                "on_any_kill",
                "trigger",
            )
            if getattr(r, h)
        ]
        lines.append(
            f"| {t.name} | `{t.abbr}` | +{t.food} | 1+{t.score_bonus} | {t.target} | {', '.join(hooks) or '-'} "
            f"| {r.text} |"
        )
    return "\n".join(lines)


def sections() -> dict[str, str]:
    return {
        "provenance": load_pack().provenance_markdown(),
        "rulings": rulings_markdown(),
        "food": food_markdown(),
        "traits": traits_markdown(),
    }


def _literal(text: str) -> Callable[[re.Match[str]], str]:
    """A replacement for ``re.sub`` that inserts ``text`` as it is (its backslashes are no escapes)."""
    return lambda _m: text


def update(text: str) -> str:
    """``text`` with every generated section replaced by its current table."""
    for name, body in sections().items():
        start, end = MARK.format(name=name), END.format(name=name)
        pat = re.compile(re.escape(start) + r".*?" + re.escape(end), re.S)
        if not pat.search(text):
            raise ValueError(f"docs/origin.md lacks the section markers of {name!r}")
        text = pat.sub(_literal(f"{start}\n{body}\n{end}"), text)
    return text
