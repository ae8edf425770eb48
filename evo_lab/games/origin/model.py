"""The pieces on the table and the small pure functions every phase uses: animals, paired-trait links, food.

An :class:`Animal` is one face-down card in front of its owner with the trait cards tucked under it. Its food is
``red`` + ``blue`` tokens (never more than its need: surplus goes into empty Fat Tissue slots, ``fat_full``);
``need`` is 1 plus the extra food of its traits (Carnivorous +1, High Body Weight +1, Parasite +2, from the data).
Paired traits (Communication, Cooperation, Symbiosis) are :class:`links <Link>` between two animals of one owner;
for Symbiosis ``a`` is the symbiont (the protector) and ``b`` the protected animal.

Seed: "Animal needs 1 food token to be def without additional food requirements." Reference §3: "Fat alone does
not make the animal fed" and "An animal whose requirement and fat are both full cannot take more food".

Usage limits are *stamps*: the turn (or the global feeding-round counter) in which a trait was last used, so
nothing has to be reset when a turn or a round ends (see ruling O7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import OriginGame
    from .state import OriginState

__all__ = [
    "JSON",
    "JSONObject",
    "Animal",
    "Link",
    "PHASES",
    "SETUP",
    "DEVELOPMENT",
    "FOOD",
    "FEEDING",
    "DEAL",
    "ROLLOFF",
    "OVER",
    "fed",
    "room",
    "can_eat",
    "receive",
    "symbionts_fed",
    "links_of",
    "recompute",
    "lose_food_above_need",
    "NEVER",
]

SETUP, DEVELOPMENT, FOOD, FEEDING, DEAL, ROLLOFF, OVER = range(7)
PHASES = ("setup", "development", "food", "feeding", "deal", "rolloff", "over")
#: The stamp of a trait never used.
NEVER = -1000
#: A JSON value as ``json.loads`` gives it (a position body, an observation). Readers check each field where they
#: read it (a :class:`~evo_lab.core.errors.FormatError` names the field), so the value type stays open.
JSON = Any
#: A JSON object.
JSONObject = dict[str, JSON]


class Animal:
    """One animal. ``traits`` lists ``(trait, card)`` index pairs of its own (non-paired) trait cards, one entry per
    Fat Tissue card; ``mask`` has bit ``t`` set for each trait present (paired traits live in links). The usage
    stamps ``attacked_at``, ``pirated_at``, ``mimicked_at``, ``grazed_at`` and ``hibernated_at`` hold the turn (or
    the feeding round, for Grazing by ruling O7) in which the animal last used that trait (``NEVER``: not yet)."""

    __slots__ = (
        "id",
        "owner",
        "card",
        "traits",
        "mask",
        "fat",
        "fat_full",
        "red",
        "blue",
        "need",
        "attacker_needs",
        "prey_needs",
        "protectors",
        "attacked_at",
        "pirated_at",
        "mimicked_at",
        "grazed_at",
        "hibernated_at",
        "sleeping",
        "poisoned",
    )

    def __init__(self, aid: int, owner: int, card: int):
        self.id = aid
        self.owner = owner
        self.card = card
        self.traits: list[tuple[int, int]] = []
        self.mask = 0
        self.fat = 0
        self.fat_full = 0
        self.red = 0
        self.blue = 0
        self.need = 1
        self.attacker_needs = 0  # traits a carnivore must have to attack it (Camouflage -> Sharp Vision, ...)
        self.prey_needs = 0  # traits its prey must have (a swimming carnivore eats only swimmers)
        self.protectors = 0  # number of Symbiosis links protecting it
        self.attacked_at = self.pirated_at = self.mimicked_at = self.grazed_at = self.hibernated_at = NEVER
        self.sleeping = False
        self.poisoned = False

    def copy(self) -> Animal:
        b = Animal.__new__(Animal)
        b.id, b.owner, b.card, b.traits, b.mask = self.id, self.owner, self.card, self.traits[:], self.mask
        b.fat, b.fat_full, b.red, b.blue, b.need = self.fat, self.fat_full, self.red, self.blue, self.need
        b.attacker_needs, b.prey_needs, b.protectors = self.attacker_needs, self.prey_needs, self.protectors
        b.attacked_at, b.pirated_at, b.mimicked_at, b.grazed_at, b.hibernated_at = (
            self.attacked_at,
            self.pirated_at,
            self.mimicked_at,
            self.grazed_at,
            self.hibernated_at,
        )
        b.sleeping, b.poisoned = self.sleeping, self.poisoned
        return b

    def has(self, bit: int) -> bool:
        return bool(self.mask & bit)

    @property
    def food(self) -> int:
        return self.red + self.blue

    def __repr__(self) -> str:
        return (
            f"Animal(A{self.id}, P{self.owner + 1}, food {self.red}r+{self.blue}b/{self.need}, fat "
            f"{self.fat_full}/{self.fat})"
        )


class Link:
    """One paired trait card between two animals of one owner: ``kind`` (a trait index), ``a``, ``b`` (animal ids;
    for Symbiosis ``a`` protects ``b``), the ``card`` it was played from and the stamp of its last use."""

    __slots__ = ("kind", "a", "b", "card", "used")

    def __init__(self, kind: int, a: int, b: int, card: int, used: int = NEVER):
        self.kind, self.a, self.b, self.card, self.used = kind, a, b, card, used

    def copy(self) -> Link:
        return Link(self.kind, self.a, self.b, self.card, self.used)

    def other(self, aid: int) -> int:
        return self.b if aid == self.a else self.a

    def joins(self, x: int, y: int) -> bool:
        return (self.a == x and self.b == y) or (self.a == y and self.b == x)

    def __repr__(self) -> str:
        return f"Link({self.kind}, A{self.a}, A{self.b})"


def fed(a: Animal) -> bool:
    """Fed: red + blue tokens reach the need, or hibernating. Fat (yellow) does not count."""
    return a.sleeping or a.red + a.blue >= a.need


def room(a: Animal) -> int:
    """How many more tokens the animal can hold (need first, then empty fat slots); 0 while hibernating."""
    if a.sleeping:
        return 0
    return a.need - a.red - a.blue + a.fat - a.fat_full


def links_of(s: OriginState, aid: int) -> list[Link]:
    return [L for L in s.links if L.a == aid or L.b == aid]


def symbionts_fed(s: OriginState, a: Animal, symb: int) -> bool:
    """Every symbiont protecting ``a`` is fed (MC: 'can receive red / blue only after the symbiont has been FED')."""
    for L in s.links:
        if L.kind == symb and L.b == a.id and not fed(s.animal_by_id[L.a]):
            return False
    return True


def can_eat(s: OriginState, a: Animal) -> bool:
    """May take food now: has room, is not hibernating, and no unfed symbiont holds it back (EW ``canEat``)."""
    if a.sleeping or a.need - a.red - a.blue + a.fat - a.fat_full <= 0:
        return False
    return a.protectors == 0 or symbionts_fed(s, a, s.game.SYMB)


def receive(a: Animal, n: int, blue: bool) -> int:
    """Put ``n`` tokens on ``a``: first up to its need, the rest into empty fat slots; returns how many it took."""
    if a.sleeping or n <= 0:
        return 0
    to_need = min(n, a.need - a.red - a.blue)
    if to_need < 0:
        to_need = 0
    to_fat = min(n - to_need, a.fat - a.fat_full)
    if blue:
        a.blue += to_need
    else:
        a.red += to_need
    a.fat_full += to_fat
    return to_need + to_fat


def recompute(a: Animal, g: OriginGame) -> None:
    """Refresh the cached mask, need, fat count and static-defence masks from the trait list."""
    mask = req = treq = 0
    need = g.base_need
    fat = 0
    for t, _ in a.traits:
        mask |= g.bit[t]
        need += g.food_of[t]
        req |= g.attacker_needs_of[t]
        treq |= g.prey_needs_of[t]
        if t == g.FAT:
            fat += 1
    a.mask, a.need, a.attacker_needs, a.prey_needs, a.fat = mask, need, req, treq, fat
    if a.fat_full > fat:
        a.fat_full = fat
    lose_food_above_need(a)


def lose_food_above_need(a: Animal) -> None:
    """Ruling R6: food above a lowered need is lost, blue tokens first."""
    over = a.red + a.blue - a.need
    if over > 0:
        b = min(over, a.blue)
        a.blue -= b
        a.red -= over - b
