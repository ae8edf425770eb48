"""A public position builder (the counterpart of a FEN), in a compact text form after evolution-web's fixtures.

Each player's animals are one string, animals separated by commas, each animal a list of tokens:

==============  ============================================================================================
``$A``          names the animal (``state.names["A"]`` is its id; :func:`act` accepts ``$A`` in actions)
``carn``        a trait, by abbreviation or id; ``carn@hib/carn`` says which card it was played from
``fat`` ``fat+``  an empty / a full Fat Tissue card
``coop$B``      a paired trait with animal ``$B`` (``comm$B``, ``symb$B``: this animal is ``$B``'s symbiont)
``+`` ``*``     one red / one blue food token each (``++*``: two red, one blue)
``@swim``       the face-down card of the animal itself (default: a card left over)
flags           ``sleeping`` (hibernating now), ``slept`` (hibernated last turn), ``poisoned``, ``attacked``,
                ``pirated``, ``mimicked``, ``grazed`` (used this turn/round)
==============  ============================================================================================

Cards not named anywhere come from the 84 (or more, with ``sets``) in deck order; ``deck`` (a number, or card ids)
says what stays in the deck, the rest goes to the box (out of the game), so every position has all its cards.

>>> s = build_position(players=2, bank=3, animals=["$A carn fat+ +, $B camo", "$C burrow"], hands=["swim", ""])
>>> s.node_name(), s.current_player(), s.animal_by_id[s.names["A"]].need, s.animal_by_id[s.names["A"]].fat_full
('feed', 0, 2, 1)
>>> [a for a in s.legal_actions() if a[0] == "attack"]   # camouflaged $B is safe, $C is not fed: no burrow
[Attack(kind='attack', attacker=1, target=3)]
>>> act(s, "attack $A $C")
>>> s.rows[1], s.animal_by_id[s.names["A"]].food, s.node_name()
([], 2, 'feed')
"""

from __future__ import annotations

import re
from typing import TypedDict
from collections.abc import Iterable, Mapping

from ...core.errors import FormatError, excerpt
from .flow import FLOW
from .phases import development, feeding
from .game import OriginGame
from .model import DEVELOPMENT, FEEDING, FOOD, JSON, Animal, recompute
from .state import OriginState
from .table import add_link

__all__ = ["build_position", "act"]

#: Cards named in a position: card ids separated by spaces, or a list of them (``None`` or ``""``: none).
CardSpec = str | Iterable[str] | None

FLAGS = ("sleeping", "slept", "poisoned", "attacked", "pirated", "mimicked", "grazed")


def _cards_of(g: OriginGame, spec: CardSpec, field: str) -> list[int]:
    if spec is None or spec == "":
        return []
    items = spec.split() if isinstance(spec, str) else list(spec)
    out = []
    for c in items:
        if c not in g.card_index:
            raise FormatError(f"unknown card {excerpt(c)}", field)
        out.append(g.card_index[c])
    return out


class _Pool:
    """The cards not yet placed, taken explicitly or by rule (first card with the face, the commonest face-down)."""

    def __init__(self, g: OriginGame) -> None:
        self.g, self.left = g, list(g.deck0)

    def take(self, c: int, field: str) -> int:
        if self.left[c] <= 0:
            raise FormatError(f"no {self.g.card_ids[c]} card left for this position", field)
        self.left[c] -= 1
        return c

    def with_face(self, t: int, field: str) -> int:
        """A card showing trait ``t``: a single-trait card if one is left, else the double card left most often."""
        cands = [c for c, k in enumerate(self.left) if k and t in self.g.faces[c]]
        if cands:
            best = max(cands, key=lambda c: (len(self.g.faces[c]) == 1, self.left[c], -c))
            return self.take(best, field)
        raise FormatError(f"no card with {self.g.trait_ids[t]} left for this position", field)

    def any(self, field: str) -> int:
        best = max(range(len(self.left)), key=lambda c: (self.left[c], -c))
        return self.take(best, field)


def _trait_of(g: OriginGame, word: str, field: str) -> int:
    if word in g.abbr_index:
        return g.abbr_index[word]
    if word in g.trait_ids:
        return g.trait_ids.index(word)
    raise FormatError(f"unknown trait {excerpt(word)} (traits: {', '.join(g.abbr)})", field)


class _AnimalSpec(TypedDict):
    """One animal of the builder's text: its ``$name``, its ``@card``, its traits ``(trait, full fat, card)``,
    its paired traits ``(trait, partner's name, card)``, its tokens and flags."""

    name: str | None
    card: str | None
    traits: list[tuple[int, bool, str | None]]
    links: list[tuple[int, str, str | None]]
    red: int
    blue: int
    flags: set[str]


def _parse_animal(g: OriginGame, text: str, field: str) -> _AnimalSpec:
    spec: _AnimalSpec = {
        "name": None,
        "card": None,
        "traits": [],
        "links": [],
        "red": 0,
        "blue": 0,
        "flags": set(),
    }
    for tok in text.split():
        if tok.startswith("$"):
            spec["name"] = tok[1:]
        elif tok.startswith("@"):
            spec["card"] = tok[1:]
        elif set(tok) <= {"+", "*"}:
            spec["red"] += tok.count("+")
            spec["blue"] += tok.count("*")
        elif tok in FLAGS:
            spec["flags"].add(tok)
        else:
            m = re.fullmatch(r"([a-z_]+)(\+?)(?:\$(\w+))?(?:@(\S+))?", tok)
            if not m:
                raise FormatError(f"cannot read {excerpt(tok)}", field)
            word, full, partner, card = m.groups()
            t = _trait_of(g, word, field)
            if partner is not None:
                spec["links"].append((t, partner, card))
            else:
                spec["traits"].append((t, bool(full), card))
    return spec


def _place_animals(
    s: OriginState, g: OriginGame, pool: _Pool, animals: list[str]
) -> list[tuple[Animal, _AnimalSpec]]:
    """Create the animals and take their explicitly named cards; the others are chosen in :func:`_finish_animals`."""
    made: list[tuple[Animal, _AnimalSpec]] = []
    for p, row in enumerate(animals):
        for i, text in enumerate(t for t in (row or "").split(",") if t.strip()):
            f = f"animals[{p}][{i}]"
            spec = _parse_animal(g, text, f)
            a = Animal(s.next_id, p, -1 if spec["card"] is None else pool.take(_card(g, spec["card"], f), f))
            s.next_id += 1
            for t, is_full, card in spec["traits"]:
                if g.target_of[t] == "pair":
                    raise FormatError(f"paired trait {g.abbr[t]} needs a partner: {g.abbr[t]}$Name", f)
                c = -1 if card is None else pool.take(_card(g, card, f), f)
                if c >= 0 and t not in g.faces[c]:
                    raise FormatError(f"card {card} has no {g.abbr[t]} face", f)
                a.traits.append((t, c))
            a.red, a.blue, a.fat_full = spec["red"], spec["blue"], sum(full for _, full, _ in spec["traits"])
            s.animal_by_id[a.id] = a
            s.rows[p].append(a.id)
            if spec["name"]:
                if spec["name"] in s.names:
                    raise FormatError(f"animal name ${spec['name']} used twice", f)
                s.names[spec["name"]] = a.id
            made.append((a, spec))
    return made


def _card(g: OriginGame, card: str, field: str) -> int:
    if card not in g.card_index:
        raise FormatError(f"unknown card {excerpt(card)}", field)
    return g.card_index[card]


def _finish_animals(
    s: OriginState, g: OriginGame, pool: _Pool, made: list[tuple[Animal, _AnimalSpec]]
) -> None:
    for a, spec in made:
        a.traits = [(t, pool.with_face(t, "animals") if c < 0 else c) for t, c in a.traits]
        for t, partner, card in spec["links"]:
            if partner not in s.names:
                raise FormatError(f"no animal named ${partner}", "animals")
            c = (
                pool.with_face(t, "animals")
                if card is None
                else pool.take(_card(g, card, "animals"), "animals")
            )
            add_link(s, t, a.id, s.names[partner], c)
    for a, spec in made:
        if a.card < 0:
            a.card = pool.any("animals")
        before = (a.red, a.blue, a.fat_full)
        recompute(a, g)
        if (a.red, a.blue, a.fat_full) != before:
            raise FormatError(
                f"A{a.id} holds more food than its need ({a.need}) or fat cards ({a.fat})", "animals"
            )
        fl = spec["flags"]
        a.sleeping, a.poisoned = "sleeping" in fl, "poisoned" in fl
        o = g.options
        if "sleeping" in fl:
            a.hibernated_at = s.turn
        if "slept" in fl:
            a.hibernated_at = s.turn - 1
        for flag, attr, scope in (
            ("attacked", "attacked_at", "turn"),
            ("pirated", "pirated_at", "turn"),
            ("mimicked", "mimicked_at", "turn"),
            ("grazed", "grazed_at", o.grazing_limit),
        ):
            if flag in fl:
                setattr(a, attr, s.stamp(scope))


def build_position(
    players: int = 2,
    *,
    animals: Iterable[str] | None = None,
    hands: Iterable[CardSpec] | None = None,
    phase: str = "feeding",
    bank: int = 0,
    turn: int = 1,
    first: int = 0,
    actor: int | None = None,
    passed: Iterable[bool] | None = None,
    acted: bool = False,
    ate: bool = False,
    deck: int | CardSpec = None,
    discard: Iterable[int | CardSpec] | None = None,
    options: Mapping[str, JSON] | None = None,
    sets: int | None = None,
    seed: int | None = None,
    game: OriginGame | None = None,
) -> OriginState:
    """A position from a short description (see the module docstring). ``phase`` is ``"development"``,
    ``"food"`` (the dice are about to be rolled) or ``"feeding"``; the rules then run on to the first decision
    (a feeding actor with nothing to do is skipped, as in play). Bad input raises :class:`FormatError`."""
    g = game or OriginGame(players=players, seed=seed, sets=sets, options=options)
    n = g.players
    s = OriginState(g)
    s.turn, s.first = turn, first
    pool = _Pool(g)
    animals = list(animals or [])
    if len(animals) > n:
        raise FormatError(f"{len(animals)} rows of animals for {n} players", "animals")
    animals += [""] * (n - len(animals))
    made = _place_animals(s, g, pool, animals)
    s.hands = [[0] * len(g.card_ids) for _ in range(n)]
    for p, h in enumerate(list(hands or [])):
        for c in _cards_of(g, h, f"hands[{p}]"):
            s.hands[p][pool.take(c, f"hands[{p}]")] += 1
    s.hand_sizes = [sum(h) for h in s.hands]
    disc = list(discard or [])
    for p, d in enumerate(disc):
        if not isinstance(d, int):
            s.discard_hidden[p] = [pool.take(c, f"discard[{p}]") for c in _cards_of(g, d, f"discard[{p}]")]
    if phase == "feeding":
        s.round_id = 1
    _finish_animals(s, g, pool, made)
    for p, d in enumerate(disc):
        if isinstance(d, int):
            s.discard_hidden[p] = [pool.any(f"discard[{p}]") for _ in range(d)]
    _fill_deck(s, g, pool, deck)
    s.passed = list(passed) if passed is not None else [False] * n
    if len(s.passed) != n:
        raise FormatError(f"passed needs {n} flags", "passed")
    _start(s, phase, bank, first if actor is None else actor, acted, ate)
    from .invariants import InvariantError

    try:
        s.check_invariants()
    except InvariantError as e:
        raise FormatError(str(e), "position") from None
    s._origin = None
    s._origin = s.to_dict()
    return s


def _fill_deck(s: OriginState, g: OriginGame, pool: _Pool, deck: int | CardSpec) -> None:
    if deck is None:
        s.deck, s.box = pool.left[:], [0] * len(pool.left)
    elif isinstance(deck, int):
        if deck > sum(pool.left):
            raise FormatError(f"only {sum(pool.left)} cards are left for the deck", "deck")
        s.deck = [0] * len(pool.left)
        c = 0
        for _ in range(deck):  # one of each card type in turn, a mixed deck
            while not pool.left[c % len(pool.left)]:
                c += 1
            s.deck[c % len(pool.left)] += 1
            pool.left[c % len(pool.left)] -= 1
            c += 1
        s.box = pool.left[:]
    else:
        s.deck = [0] * len(pool.left)
        for c in _cards_of(g, deck, "deck"):
            s.deck[pool.take(c, "deck")] += 1
        s.box = pool.left[:]
    s.deck_n = sum(s.deck)


def _start(s: OriginState, phase: str, bank: int, actor: int, acted: bool, ate: bool) -> None:
    n = s.game.players
    if not 0 <= actor < n:
        raise FormatError(f"actor must be 0..{n - 1}", "actor")
    if phase == "development":
        if bank or any(a.red or a.blue or a.sleeping for a in s.animal_by_id.values()):
            raise FormatError("no food on the table in the development phase", "phase")
        s.phase = DEVELOPMENT
        development.advance(s, actor)
    elif phase == "food":
        s.phase, s.node, s.mover = FOOD, "food", -1
    elif phase == "feeding":
        s.phase, s.bank, s.actor, s.acted, s.ate = FEEDING, bank, actor, acted, ate
        feeding.advance(s)
    else:
        raise FormatError(f"phase must be development, food or feeding, got {excerpt(phase)}", "phase")
    FLOW.run(s)  # a phase with nothing left to do hands over to the next


def act(s: OriginState, text: str) -> None:
    """Apply an action written with animal names (``"attack $A $B"``) or ids (``"attack A1 A2"``)."""

    def sub(m: re.Match[str]) -> str:
        name = m.group(1)
        if name not in s.names:
            raise FormatError(f"no animal named ${name}", "action")
        return f"A{s.names[name]}"

    s.apply_action(re.sub(r"\$(\w+)", sub, text))
