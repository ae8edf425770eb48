"""Exact combat odds from the data pack's die: one attack, the table over horn differences, killer babies.

Every number comes from ``data.die_faces`` and ``data.die_symbols`` (the shipped pack by default), so a
transcribed die changes every answer.

>>> odds = combat_odds(1, 0)
>>> odds.probability
Fraction(2, 3)
>>> {k: str(v["contribution"]) for k, v in odds.faces.items()}
{'cross': '0', 'claw': '1/6', 'equals': '1/6', 'plus': '1/3', 'two_plus': '0'}
>>> [str(p) for p in combat_table(range(-2, 3)).values()]
['1/6', '1/6', '1/3', '2/3', '5/6']
>>> killer_babies_odds().enemy_dies
Fraction(2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from collections.abc import Iterable
from typing import TypedDict

from ....core.errors import EvoLabError
from .. import rules
from ..datapack import DataPack, load_data


class OddsError(EvoLabError, ValueError):
    """A question the odds module cannot answer as asked (negative horns, unknown space, wrong phase...)."""


class NotMovementPhaseError(OddsError):
    """An attack question about a position where nobody is moving."""


def _pack(data: DataPack | None) -> DataPack:
    if data is None:
        return load_data()
    if not isinstance(data, DataPack):
        raise OddsError(f"data must be a DataPack (evo_lab.load_data(...)), got {type(data).__name__}")
    return data


def _horns(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise OddsError(f"{name} must be a whole number of horns, got {value!r}")
    if value < 0:
        raise OddsError(f"{name} cannot be negative, got {value}")
    return value


class FaceOdds(TypedDict):
    """One symbol of the die in a fight: its name, the faces carrying it, whether it wins, its share of the win."""

    name: str
    count: int
    wins: bool
    contribution: Fraction


@dataclass(frozen=True)
class CombatOdds:
    """One attack: effective horns, exact win probability and each die symbol's share of it.

    ``faces[kind] = {"name", "count", "wins", "contribution"}``: faces carrying the symbol, whether it wins
    this fight, and ``count / faces`` if it wins (the contributions sum to ``probability``)."""

    attack: int
    defence: int
    probability: Fraction
    faces: dict[str, FaceOdds] = field(default_factory=dict)

    @property
    def difference(self) -> int:
        return self.attack - self.defence

    @property
    def failure(self) -> Fraction:
        return 1 - self.probability

    def to_dict(self) -> dict[str, object]:
        """JSON-able form with exact fraction strings (the shape ``evo-lab odds combat --json`` prints)."""
        return {
            "probability": str(self.probability),
            "float": float(self.probability),
            "attack_horns": self.attack,
            "defence_horns": self.defence,
            "difference": self.difference,
            "faces": {
                k: {
                    "name": v["name"],
                    "count": v["count"],
                    "wins": v["wins"],
                    "contribution": str(v["contribution"]),
                }
                for k, v in self.faces.items()
            },
        }


def combat_odds(
    attack_horns: int,
    defence_horns: int,
    *,
    large_horn: bool = False,
    bony_plates: bool = False,
    frenzied: bool = False,
    data: DataPack | None = None,
) -> CombatOdds:
    """Exact chance that one attack succeeds. ``attack_horns``/``defence_horns`` count horn genes; the
    modifiers add the pack's bonuses (large horn and frenzied attack when attacking, bony plates when
    defending).

    >>> combat_odds(0, 0, bony_plates=True).probability
    Fraction(1, 6)
    >>> combat_odds(0, 1, large_horn=True, frenzied=True).attack
    4
    """
    d = _pack(data)
    att = rules.attack_horns(
        _horns(attack_horns, "attack_horns"),
        bool(large_horn),
        bool(frenzied),
        _effect(d, "large_horn", "attack_horns"),
        _effect(d, "frenzied_attack", "attack_horns"),
    )
    dfd = rules.defence_horns(
        _horns(defence_horns, "defence_horns"), bool(bony_plates), _effect(d, "bony_plates", "defence_horns")
    )
    return _odds(d, att, dfd)


def _effect(d: DataPack, entry: str, effect: str) -> int:
    """The number ``effect`` of gene or card ``entry`` in the pack (its ``effects``; 0 when absent)."""
    for e in tuple(d.normal_genes) + tuple(d.unique_genes) + tuple(d.events):
        if e.id == entry or getattr(e, "effect", None) == entry:
            return e.effects.get(effect, 0)
    return 0


def _odds(d: DataPack, att: int, dfd: int) -> CombatOdds:
    n = len(d.die_faces)
    faces: dict[str, FaceOdds] = {}
    for kind in dict.fromkeys(d.die_faces):
        sym = d.die_symbols[kind]
        count = d.die_faces.count(kind)
        wins = sym.succeeds(att, dfd)
        faces[kind] = FaceOdds(
            name=sym.name, count=count, wins=wins, contribution=Fraction(count, n) if wins else Fraction(0)
        )
    prob = rules.attack_probability(d.die_faces, d.die_symbols, att, dfd)
    return CombatOdds(att, dfd, prob, faces)


def odds_by_difference(difference: int, data: DataPack | None = None) -> Fraction:
    """Win chance for an effective horn difference (attack minus defence), which is all the die reads.

    >>> odds_by_difference(-1), odds_by_difference(5)
    (Fraction(1, 6), Fraction(5, 6))
    """
    if isinstance(difference, bool) or not isinstance(difference, int):
        raise OddsError(f"difference must be an integer, got {difference!r}")
    d = _pack(data)
    att, dfd = (difference, 0) if difference >= 0 else (0, -difference)
    return _odds(d, att, dfd).probability


def combat_table(
    differences: Iterable[int] = range(-3, 4), data: DataPack | None = None
) -> dict[int, Fraction]:
    """``{difference: probability}`` over effective horn differences."""
    d = _pack(data)
    return {k: odds_by_difference(k, d) for k in differences}


def combat_matrix(
    max_attack: int = 6, max_defence: int = 6, data: DataPack | None = None
) -> list[list[Fraction]]:
    """``m[a][d]``: win chance for effective attack horns ``a`` and defence horns ``d`` (0..max)."""
    d = _pack(data)
    _horns(max_attack, "max_attack")
    _horns(max_defence, "max_defence")
    return [[_odds(d, a, b).probability for b in range(max_defence + 1)] for a in range(max_attack + 1)]


@dataclass(frozen=True)
class KillerBabyOdds:
    """Killer babies: "claw, equals, plus: the enemy dinosaur dies; cross and two-plus: your baby dies"
    (the result does not depend on horns). ``faces[kind] = (count, outcome)``."""

    enemy_dies: Fraction
    baby_dies: Fraction
    faces: dict[str, tuple[int, str]]

    def to_dict(self) -> dict[str, object]:
        return {
            "enemy_dies": str(self.enemy_dies),
            "baby_dies": str(self.baby_dies),
            "faces": {k: {"count": c, "outcome": o} for k, (c, o) in self.faces.items()},
        }


def killer_babies_odds(data: DataPack | None = None) -> KillerBabyOdds:
    """Exact odds of a killer-baby birth onto an enemy dinosaur.

    >>> k = killer_babies_odds()
    >>> k.enemy_dies + k.baby_dies
    Fraction(1, 1)
    """
    d = _pack(data)
    n = len(d.die_faces)
    faces = {k: (d.die_faces.count(k), d.die_symbols[k].killer_baby) for k in dict.fromkeys(d.die_faces)}
    enemy = sum(c for c, o in faces.values() if o == "enemy_dies")
    return KillerBabyOdds(Fraction(enemy, n), Fraction(n - enemy, n), faces)
