"""Plain words every game and every part of the kit shares (the engines' events and stories, the views, the CLI):
plurals, percentages, probabilities as frequencies. Pure functions with no dependency on a game or the views, so an
engine may tell its events in the same words the kit uses: one phrase means one thing everywhere. A game's own words
live in its package (Evo 2e's climate wheel and actions: :mod:`evo_lab.games.evo2e.words`).

>>> plural(1, "point"), plural(2, "point"), plural(1, "horn"), plural(0, "dinosaur")
('1 point', '2 points', '1 horn', '0 dinosaurs')
>>> from fractions import Fraction
>>> in_games(Fraction(2, 3)), in_games(Fraction(1)), pct(Fraction(1, 6)), prob_words(Fraction(2, 3))
('in 2 of 3 games', 'in every game', '16.7%', '2/3 (66.7%)')
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["capitalised", "chance_of", "in_games", "pct", "plural", "prob_words"]

_IRREGULAR = {"die": "dice", "is": "are", "was": "were", "has": "have"}


def capitalised(line: str) -> str:
    """``line`` with its first letter in upper case, the rest as it is, indentation and leading markup kept: a
    line of a story or a status line starts as a sentence ("chance: P1 draws" -> "Chance: P1 draws").

    >>> capitalised("chance: P1 draws a card"), capitalised("  the climate (Blizzard)"), capitalised("<b>x</b>")
    ('Chance: P1 draws a card', '  The climate (Blizzard)', '<b>X</b>')
    """
    k, n = 0, len(line)
    while k < n:
        c = line[k]
        if c == "<":  # a tag (HTML of the views): skip it whole
            end = line.find(">", k)
            if end < 0:
                return line
            k = end + 1
        elif c.isspace() or c in "(\"'":
            k += 1
        else:
            return line[:k] + c.upper() + line[k + 1 :] if c.islower() else line
    return line


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, in the plural unless ``n == 1`` (``many`` for an irregular plural)."""
    if n == 1:
        return f"{n} {word}"
    if many is None:
        many = _IRREGULAR.get(word) or (
            word[:-1] + "ies"
            if word.endswith("y") and word[-2:-1] not in "aeiou"
            else word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")
        )
    return f"{n} {many}"


def pct(p: Fraction | float) -> str:
    """A probability as a percentage with one decimal ("" digits dropped for 0 and 100)."""
    x = float(p) * 100
    return f"{x:.0f}%" if x in (0.0, 100.0) else f"{x:.1f}%"


def prob_words(p: Fraction) -> str:
    """``2/3 (66.7%)``; a certain or impossible event is ``1 (100%)`` / ``0 (0%)``."""
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator} ({pct(p)})" if p.denominator != 1 else f"{p.numerator} ({pct(p)})"


def chance_of(p: Fraction) -> str:
    """A probability as words read after a colon: "certain (100%)", "impossible (0%)", else ``2/3 (66.7%)``
    (":func:`prob_words`": a bare "1 (100%)" after a sentence reads as a count).

    >>> chance_of(Fraction(1)), chance_of(Fraction(0)), chance_of(Fraction(1, 4))
    ('certain (100%)', 'impossible (0%)', '1/4 (25.0%)')
    """
    p = Fraction(p)
    if p == 1:
        return "certain (100%)"
    if p == 0:
        return "impossible (0%)"
    return prob_words(p)


def in_games(p: Fraction) -> str:
    """A probability said as a frequency: ``Fraction(2, 3)`` -> "in 2 of 3 games"."""
    p = Fraction(p)
    if p == 1:
        return "in every game"
    if p == 0:
        return "in no game"
    return f"in {p.numerator} of {p.denominator} games"
