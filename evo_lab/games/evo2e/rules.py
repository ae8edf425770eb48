"""Evo 2e rules as small pure functions. Each docstring quotes the rulebook passage it implements
(``../shared/seeds/000_ac662ced2d605a67.txt``) or names the ruling in ``docs/rulings.md``.

>>> from evo_lab.games.evo2e.datapack import load_data
>>> sym = load_data().die_symbols
>>> attack_succeeds(sym["equals"], 0, 0), attack_succeeds(sym["plus"], 1, 1)
(True, False)
>>> initiative_order([0, 1, 2, 3], [5, 7, 5, 6])
[0, 2, 3, 1]
"""

from __future__ import annotations

from fractions import Fraction
from collections.abc import Mapping, Sequence

from .datapack import DieSymbol

#: The climate states in the order of the wheel's codes (0 ideal .. 3 deadly).
CLIMATE_STATE_NAMES = ("ideal", "hot", "cold", "deadly")


def movement_points(base: int, legs: int, strong_thighs: bool, thighs_bonus: int = 2) -> int:
    """ "All the dinosaur species start with 2 movement points. Each extra pair of legs adds an extra
    movement point." Strong thighs: "This gene provides you with 2 extra movement points."

    >>> movement_points(2, 1, True)
    5
    """
    return base + legs + (thighs_bonus if strong_thighs else 0)


def births_per_round(starting_eggs: int, egg_genes: int) -> int:
    """ "All the dinosaur species start with one egg" and "Each egg enables a new dinosaur to be laid
    each round."

    >>> births_per_round(1, 2)
    3
    """
    return starting_eggs + egg_genes


def attack_horns(
    horns: int, large_horn: bool, frenzied: bool, large_bonus: int = 2, frenzy_bonus: int = 2
) -> int:
    """Horns counted when attacking. Large horn: "acts like 2 horns when attacking"; Frenzied attack:
    "all your dinosaurs are considered to have 2 extra horns, but only when attacking".

    >>> attack_horns(1, True, True)
    5
    """
    return horns + (large_bonus if large_horn else 0) + (frenzy_bonus if frenzied else 0)


def defence_horns(horns: int, bony_plates: bool, bony_bonus: int = 2) -> int:
    """Horns counted when defending. Bony plates: "This gene acts like 2 horns when defending".

    >>> defence_horns(0, True)
    2
    """
    return horns + (bony_bonus if bony_plates else 0)


def attack_succeeds(symbol: DieSymbol, attack: int, defence: int) -> bool:
    """Combat result: "Cross: Attack fails. Claw: Attack succeeds. Claw with equals sign: If the
    attacking dinosaur has at least as many horns as the defender then the attack succeeds. Claw with
    plus sign: ... more horns ... Claw with two plus signs: ... at least two horns more"."""
    return symbol.succeeds(attack, defence)


def attack_probability(
    faces: Sequence[str], symbols: Mapping[str, DieSymbol], attack: int, defence: int
) -> Fraction:
    """Exact chance that one roll of the die wins an attack.

    >>> from evo_lab.games.evo2e.datapack import load_data
    >>> p = load_data()
    >>> [str(attack_probability(p.die_faces, p.die_symbols, d, 0)) for d in (-1, 0, 1, 2)]
    ['1/6', '1/3', '2/3', '5/6']
    """
    wins = sum(1 for f in faces if symbols[f].succeeds(attack, defence))
    return Fraction(wins, len(faces))


def protection_floor(regeneration: bool, base: int = 2, with_regeneration: int = 3) -> int:
    """ "a clan that only has two dinosaurs may not be attacked"; Regeneration: "You can never have
    fewer than 3 dinosaurs. If you have only 3, you cannot be attacked" (ruling 3).

    >>> protection_floor(False), protection_floor(True)
    (2, 3)
    """
    return with_regeneration if regeneration else base


def is_protected(
    dinosaurs_on_board: int, regeneration: bool, base: int = 2, with_regeneration: int = 3
) -> bool:
    """Whether a clan may not be attacked (nor hit by killer babies).

    >>> is_protected(2, False), is_protected(3, False), is_protected(3, True)
    (True, False, True)
    """
    return dinosaurs_on_board <= protection_floor(regeneration, base, with_regeneration)


def bid_price(bid: int, vials: int) -> int:
    """ "Each vial reduces the cost of genes and cards bought in subsequent rounds by 1 (minimum 0)."

    >>> bid_price(3, 1), bid_price(1, 2)
    (2, 0)
    """
    return max(0, bid - vials)


def initiative_order(track_in_lot_order: Sequence[int], dinosaurs: Sequence[int]) -> list[int]:
    """ "All the clan markers are placed on the initiative track at the top of the column they occupied
    ... Then they are sorted in increasing order by the number of dinosaurs on the board (retaining the
    order in the case of a tie)." Example: "Red and green each have 5 dinosaurs, blue 6 and yellow 7.
    The markers are therefore sorted into this order (5, 5, 6, 7)."

    >>> initiative_order([3, 2, 1, 0], [5, 5, 6, 7])   # players 0..3 with 5, 5, 6, 7 dinosaurs
    [1, 0, 2, 3]
    """
    return sorted(track_in_lot_order, key=lambda p: dinosaurs[p])


def move_on_track(order: Sequence[int], player: int, position: int) -> list[int]:
    """Adrenaline rush: "You can freely choose your spot on the initiative track during the initiative
    phase." The others keep their order.

    >>> move_on_track([0, 1, 2, 3], 3, 0)
    [3, 0, 1, 2]
    """
    rest = [p for p in order if p != player]
    rest.insert(position, player)
    return rest


def climate_token_weights(
    remaining: Sequence[int], position: int, pile_length: int, bottom: int
) -> tuple[list[int], int]:
    """Integer weights of each regular token kind and of the meteorite for the token at ``position``
    (1-based) of the pile. Setting up: "Make a face down pile of 3 climate tokens by shuffling the
    meteorite token and 2 other random tokens. Shuffle the remaining climate tokens and put them face
    down on top of this pile of 3." The top tokens are exchangeable with the discarded and bottom ones,
    so each is uniform over the unrevealed tokens; in the bottom pile the meteorite is in each remaining
    slot with equal chance (docs/engine.md, "Lazy climate pile").

    >>> climate_token_weights([2, 6, 2, 2], 1, 12, 3)
    ([2, 6, 2, 2], 0)
    >>> climate_token_weights([1, 1, 1, 0], 10, 12, 3)   # 1/3 meteorite
    ([2, 2, 2, 0], 3)
    """
    top = pile_length - bottom
    c = sum(remaining)
    if position <= top:
        return list(remaining), 0
    left = bottom - (position - top)
    if c == 0 or left <= 0:
        return [0] * len(remaining), 1
    return [k * left for k in remaining], c


def survival_excess(
    hot: int, cold: int, deadly: int, thermo: int, fur: int, cave: int, geysers: bool
) -> tuple[int, int, int]:
    """How many dinosaurs must die on hot, cold and deadly terrain. "On hot terrain, the player can
    enable one of his dinosaurs to survive for each thermoregulation layer ... On cold terrain ... for
    each fur layer ... On deadly terrain, all the dinosaurs die." Cave dweller: "One of your dinosaurs in a
    deadly area ... survives." Geysers: "All your dinosaurs survive on cold terrain during this phase."

    >>> survival_excess(3, 2, 1, 1, 0, 1, False)
    (2, 2, 0)
    """
    return max(0, hot - thermo), (0 if geysers else max(0, cold - fur)), max(0, deadly - cave)


def deaths_allowed(dinosaurs: int, excess: int, floor: int) -> int:
    """ "Each player removes the dead dinosaurs in the order of his choice and stops if he only has two
    remaining on the board" (three with regeneration).

    >>> deaths_allowed(4, 5, 2), deaths_allowed(2, 1, 2)
    (2, 0)
    """
    return max(0, min(excess, dinosaurs - floor))


def ranking(mp: Sequence[int], dinosaurs: Sequence[int]) -> list[int]:
    """Places (1 = winner). "The player with the most at the end of the game is the winner. In the event
    of a tie, the player with the most dinosaurs wins. If the game is still tied, it's a draw."

    >>> ranking([10, 12, 12, 3], [4, 5, 6, 2])
    [3, 2, 1, 4]
    >>> ranking([5, 5], [3, 3])
    [1, 1]
    """
    keys = [(m, d) for m, d in zip(mp, dinosaurs)]
    return [1 + sum(1 for k in keys if k > mine) for mine in keys]
