"""Plain words every part of evo-lab shares (the engines' events and stories, the kit's views, the CLI): plurals,
percentages, probabilities as frequencies, climate-wheel turns. Pure functions with no dependency on the views, so
an engine may tell its events in the same words the kit uses: one phrase means one thing everywhere.

>>> plural(1, "point"), plural(2, "point"), plural(1, "horn"), plural(0, "dinosaur")
('1 point', '2 points', '1 horn', '0 dinosaurs')
>>> import evo_lab
>>> g = evo_lab.Game(players=2)
>>> token_words(g, "cw2"), token_words(g, "ccw1"), token_words(g, "stay"), token_words(g, "meteorite")
('clockwise 2', 'anticlockwise 1', 'stay', 'the meteorite')
>>> from fractions import Fraction
>>> in_games(Fraction(2, 3)), in_games(Fraction(1)), pct(Fraction(1, 6)), shift_words(-1)
('in 2 of 3 games', 'in every game', '16.7%', 'anticlockwise 1')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

__all__ = ["in_games", "pct", "plural", "prob_words", "shift_words", "token_words", "turning_words", "wheel_words"]

_IRREGULAR = {"die": "dice", "is": "are", "was": "were", "has": "have"}


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, in the plural unless ``n == 1`` (``many`` for an irregular plural)."""
    if n == 1:
        return f"{n} {word}"
    if many is None:
        many = _IRREGULAR.get(word) or (word[:-1] + "ies" if word.endswith("y") and word[-2:-1] not in "aeiou"
                                        else word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s"))
    return f"{n} {many}"


def pct(p: Fraction | float) -> str:
    """A probability as a percentage with one decimal ("" digits dropped for 0 and 100)."""
    x = float(p) * 100
    return f"{x:.0f}%" if x in (0.0, 100.0) else f"{x:.1f}%"


def prob_words(p: Fraction) -> str:
    """``2/3 (66.7%)``; a certain or impossible event is ``1 (100%)`` / ``0 (0%)``."""
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator} ({pct(p)})" if p.denominator != 1 else f"{p.numerator} ({pct(p)})"


def in_games(p: Fraction) -> str:
    """A probability said as a frequency: ``Fraction(2, 3)`` -> "in 2 of 3 games"."""
    p = Fraction(p)
    if p == 1:
        return "in every game"
    if p == 0:
        return "in no game"
    return f"in {p.numerator} of {p.denominator} games"


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


def token_words(game: Any, token: int | str) -> str:
    """A climate token by what it does ("clockwise 2", "the meteorite"), from the data pack's shifts."""
    i = game.token_ids.index(token) if isinstance(token, str) else int(token)
    if i == game.meteorite:
        return "the meteorite"
    return shift_words(game.token_shifts[i])


def wheel_words(before: int, after: int, shift: int) -> str:
    """The wheel's move in words: "the wheel turns clockwise 2, from section 1 to 3" or "stays at section 2"."""
    if before == after:
        return f"the climate wheel stays at section {after}"
    return f"the climate wheel turns {shift_words(shift)}, from section {before} to {after}"
