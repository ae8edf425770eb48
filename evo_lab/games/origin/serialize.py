"""The position body in JSON (inside the shared ``evo-lab-position`` envelope) and its validated reader.

Cards are written by id, traits by abbreviation, animals by their ids in row order per player. A bad body raises
:class:`~evo_lab.core.errors.FormatError` naming the field; a body that reads but breaks the game's invariants
(cards not adding up to the deck, food above the need, ...) raises it too (field ``state``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from ...core.checks import MAX_COUNT, int_in, ints_in, list_of
from ...core.errors import FormatError, excerpt
from .model import FEEDING, NEVER, PHASES, Animal, Link, recompute

if TYPE_CHECKING:
    from .game import OriginGame
    from .model import JSON, JSONObject
    from .state import OriginState

__all__ = ["state_body", "load_body"]

_STAMPS = (
    ("attack", "attacked_at"),
    ("piracy", "pirated_at"),
    ("mimicry", "mimicked_at"),
    ("grazing", "grazed_at"),
    ("hibernation", "hibernated_at"),
)
NODES = {
    "setup": ("first", "deal"),
    "development": ("develop",),
    "food": ("food",),
    "feeding": ("feed", "defend", "share", "run"),
    "deal": ("deal",),
    "rolloff": ("rolloff",),
    "over": ("end",),
}


def _counts(g: OriginGame, v: list[int]) -> dict[str, int]:
    return {g.card_ids[c]: k for c, k in enumerate(v) if k}


def _animal_body(g: OriginGame, a: Animal) -> JSONObject:
    d: JSONObject = {
        "id": a.id,
        "card": g.card_ids[a.card],
        "traits": [[g.abbr[t], g.card_ids[c]] for t, c in a.traits],
    }
    for k, v in (("fat_full", a.fat_full), ("red", a.red), ("blue", a.blue)):
        if v:
            d[k] = v
    used = {name: getattr(a, slot) for name, slot in _STAMPS if getattr(a, slot) != NEVER}
    if used:
        d["used"] = used
    if a.sleeping:
        d["sleeping"] = True
    if a.poisoned:
        d["poisoned"] = True
    return d


def state_body(s: OriginState) -> JSONObject:
    g = s.game
    return {
        "phase": PHASES[s.phase],
        "node": s.node,
        "mover": s.mover,
        "turn": s.turn,
        "first": s.first,
        "actor": s.actor,
        "passed": list(s.passed),
        "acted": s.acted,
        "ate": s.ate,
        "round": s.round_id,
        "bank": s.bank,
        "deck": _counts(g, s.deck),
        "box": _counts(g, s.box),
        "hands": [_counts(g, h) for h in s.hands],
        "animals": [[_animal_body(g, s.animal_by_id[x]) for x in row] for row in s.rows],
        "links": [
            {"trait": g.abbr[L.kind], "a": L.a, "b": L.b, "card": g.card_ids[L.card]}
            | ({"used": L.used} if L.used != NEVER else {})
            for L in s.links
        ],
        "discard": [
            {
                "open": [g.card_ids[c] for c in s.discard_open[p]],
                "hidden": [g.card_ids[c] for c in s.discard_hidden[p]],
            }
            for p in range(g.players)
        ],
        "next_id": s.next_id,
        "attack": None
        if s.attack is None
        else {"attacker": s.attack[0], "target": s.attack[1], "running": s.attack[2]},
        "shares": [[g.abbr[k], x, y] for k, x, y in s.pending_shares],
        "queue": [list(e) for e in s.pending_effects],
        "deal": None if s.owed is None else {"want": list(s.owed), "to": s.deal_to},
        "scores": None if s.final_scores is None else list(s.final_scores),
        "tied": list(s.tied),
        "winner": s.winner,
    }


_T = TypeVar("_T")


def _get(d: JSON, key: str, typ: type[_T], field: str, default: JSON = ...) -> _T:
    """``d[key]``, checked to be a ``typ`` (``int``: an integer within ``MAX_COUNT``, not a bool); with a
    ``default``, a missing key gives it."""
    if not isinstance(d, dict):
        raise FormatError("must be an object", field or "state")
    if key not in d:
        if default is not ...:
            given: _T = default
            return given
        raise FormatError("missing", f"{field}.{key}" if field else key)
    v = d[key]
    ok = (
        (isinstance(v, int) and not isinstance(v, bool) and -MAX_COUNT <= v <= MAX_COUNT)
        if typ is int
        else isinstance(v, typ)
    )
    if not ok:
        what = f"an integer {-MAX_COUNT}..{MAX_COUNT}" if typ is int else getattr(typ, "__name__", typ)
        raise FormatError(f"must be {what}, got {excerpt(v)}", f"{field}.{key}" if field else key)
    checked: _T = v
    return checked


def _card(g: OriginGame, v: JSON, field: str) -> int:
    if not isinstance(v, str) or v not in g.card_index:
        raise FormatError(f"unknown card {excerpt(v)}", field)
    return g.card_index[v]


def _trait(g: OriginGame, v: JSON, field: str) -> int:
    if not isinstance(v, str) or v not in g.abbr_index:
        raise FormatError(f"unknown trait {excerpt(v)}", field)
    return g.abbr_index[v]


def _count_vec(g: OriginGame, d: JSON, field: str) -> list[int]:
    if not isinstance(d, dict):
        raise FormatError(f"must map card ids to counts, got {excerpt(d)}", field)
    out = [0] * len(g.card_ids)
    for k, v in d.items():
        c = _card(g, k, f"{field}.{str(k)[:40]}")
        out[c] = int_in(v, 0, g.deck0[c], f"{field}.{k}")
    return out


def _read_animal(g: OriginGame, d: JSON, owner: int, field: str) -> Animal:
    a = Animal(
        int_in(_get(d, "id", int, field), 1, MAX_COUNT, f"{field}.id"),
        owner,
        _card(g, _get(d, "card", str, field), f"{field}.card"),
    )
    for i, tc in enumerate(list_of(_get(d, "traits", list, field), f"{field}.traits", max_length=64)):
        if not isinstance(tc, list) or len(tc) != 2:
            raise FormatError("must be [trait, card]", f"{field}.traits[{i}]")
        a.traits.append((_trait(g, tc[0], f"{field}.traits[{i}]"), _card(g, tc[1], f"{field}.traits[{i}]")))
    a.fat_full = int_in(_get(d, "fat_full", int, field, 0), 0, 64, f"{field}.fat_full")
    a.red = int_in(_get(d, "red", int, field, 0), 0, 64, f"{field}.red")
    a.blue = int_in(_get(d, "blue", int, field, 0), 0, 64, f"{field}.blue")
    used = _get(d, "used", dict, field, {})
    for name, slot in _STAMPS:
        setattr(a, slot, int_in(used.get(name, NEVER), NEVER, MAX_COUNT, f"{field}.used.{name}"))
    a.sleeping = _get(d, "sleeping", bool, field, False)
    a.poisoned = _get(d, "poisoned", bool, field, False)
    need_red, need_blue, full = a.red, a.blue, a.fat_full
    recompute(a, g)
    if (a.red, a.blue, a.fat_full) != (need_red, need_blue, full):
        raise FormatError("food above the need or fat above the fat cards", field)
    return a


def load_body(cls: type[OriginState], g: OriginGame, body: JSON) -> OriginState:
    """Read a position body (see :func:`state_body`) into a new state of game ``g``."""
    n = g.players
    s = cls(g)
    ph = _get(body, "phase", str, "state")
    if ph not in PHASES:
        raise FormatError(f"unknown phase {ph!r}", "state.phase")
    s.phase = PHASES.index(ph)
    s.node = _get(body, "node", str, "state")
    if s.node not in NODES[ph]:
        raise FormatError(f"node {s.node!r} is not a node of the {ph} phase", "state.node")
    for k, lo, hi in (
        ("mover", -4, n - 1),
        ("turn", 0, MAX_COUNT),
        ("first", 0, n - 1),
        ("actor", 0, n - 1),
        ("bank", 0, MAX_COUNT),
        ("next_id", 1, MAX_COUNT),
        ("winner", -1, n - 1),
    ):
        setattr(s, k, int_in(_get(body, k, int, "state"), lo, hi, f"state.{k}"))
    s.round_id = int_in(_get(body, "round", int, "state"), 0, MAX_COUNT, "state.round")
    s.acted, s.ate = _get(body, "acted", bool, "state"), _get(body, "ate", bool, "state")
    s.passed = _get(body, "passed", list, "state")
    if len(s.passed) != n or not all(isinstance(x, bool) for x in s.passed):
        raise FormatError(f"must be {n} true/false values", "state.passed")
    s.deck, s.box = (
        _count_vec(g, body.get("deck"), "state.deck"),
        _count_vec(g, body.get("box", {}), "state.box"),
    )
    s.deck_n = sum(s.deck)
    hands = _get(body, "hands", list, "state")
    if len(hands) != n:
        raise FormatError(f"must list {n} hands", "state.hands")
    s.hands = [_count_vec(g, h, f"state.hands[{p}]") for p, h in enumerate(hands)]
    s.hand_sizes = [sum(h) for h in s.hands]
    rows = _get(body, "animals", list, "state")
    if len(rows) != n or not all(isinstance(r, list) for r in rows):
        raise FormatError(f"must list {n} rows of animals", "state.animals")
    for p, row in enumerate(rows):
        for i, d in enumerate(row):
            a = _read_animal(g, d, p, f"state.animals[{p}][{i}]")
            if a.id in s.animal_by_id:
                raise FormatError(f"animal id {a.id} appears twice", f"state.animals[{p}][{i}].id")
            s.animal_by_id[a.id] = a
            s.rows[p].append(a.id)
    _read_links(s, g, _get(body, "links", list, "state"))
    _read_rest(s, g, body)
    _check_totals(s, g)
    return s


def _check_totals(s: OriginState, g: OriginGame) -> None:
    """Every card in exactly one place; food and the bank only in the feeding phase (named fields; the game's
    invariants then run on the whole state: :func:`evo_lab.core.game.check_loaded`)."""
    from .invariants import _cards

    have = _cards(s)
    for c, c0 in enumerate(g.deck0):
        if have[c] != c0:
            raise FormatError(
                f"{have[c]} {g.card_ids[c]} cards on the table, in the deck, the box, hands and "
                f"discards; the deck has {c0}",
                f"state.deck.{g.card_ids[c]}",
            )
    if s.bank and s.phase != FEEDING:
        raise FormatError(f"food in the bank outside the feeding phase ({PHASES[s.phase]})", "state.bank")
    if s.node == "deal" and (
        s.deck_n == 0 or s.owed is None or not 0 <= s.deal_to < g.players or s.owed[s.deal_to] <= 0
    ):
        raise FormatError("a deal node needs cards in the deck and a player still owed cards", "state.deal")
    if any(a.id >= s.next_id for a in s.animal_by_id.values()):
        raise FormatError("must be above every animal id", "state.next_id")


def _read_links(s: OriginState, g: OriginGame, links: JSON) -> None:
    for i, d in enumerate(list_of(links, "state.links", max_length=MAX_COUNT)):
        f = f"state.links[{i}]"
        kind = _trait(g, _get(d, "trait", str, f), f + ".trait")
        x, y = _get(d, "a", int, f), _get(d, "b", int, f)
        if x not in s.animal_by_id or y not in s.animal_by_id or x == y:
            raise FormatError("links two animals on the table", f)
        s.links.append(
            Link(
                kind,
                x,
                y,
                _card(g, _get(d, "card", str, f), f + ".card"),
                int_in(_get(d, "used", int, f, NEVER), NEVER, MAX_COUNT, f + ".used"),
            )
        )
        if kind == g.SYMB:
            s.animal_by_id[y].protectors += 1


def _read_rest(s: OriginState, g: OriginGame, body: JSONObject) -> None:
    n = g.players
    disc = list_of(_get(body, "discard", list, "state"), "state.discard", n)
    for p, d in enumerate(disc):
        f = f"state.discard[{p}]"
        s.discard_open[p] = [_card(g, c, f"{f}.open[{i}]") for i, c in enumerate(_get(d, "open", list, f))]
        s.discard_hidden[p] = [
            _card(g, c, f"{f}.hidden[{i}]") for i, c in enumerate(_get(d, "hidden", list, f))
        ]
    atk = body.get("attack")
    if atk is not None:
        s.attack = [
            _get(atk, "attacker", int, "state.attack"),
            _get(atk, "target", int, "state.attack"),
            int_in(_get(atk, "running", int, "state.attack"), 0, 2, "state.attack.running"),
        ]
        if (
            s.attack[0] not in s.animal_by_id
            or s.attack[1] not in s.animal_by_id
            or s.attack[0] == s.attack[1]
        ):
            raise FormatError("an attack needs two animals on the table", "state.attack")
    s.pending_shares = []
    for i, it in enumerate(
        list_of(_get(body, "shares", list, "state"), "state.pending_shares", max_length=MAX_COUNT)
    ):
        f = f"state.pending_shares[{i}]"
        if (
            not isinstance(it, list)
            or len(it) != 3
            or not _ints(it[1:])
            or it[1] not in s.animal_by_id
            or it[2] not in s.animal_by_id
        ):
            raise FormatError(f"must be [trait, from animal, to animal], got {excerpt(it)}", f)
        s.pending_shares.append((_trait(g, it[0], f), it[1], it[2]))
    s.pending_effects = []
    for i, e in enumerate(
        list_of(_get(body, "queue", list, "state"), "state.pending_effects", max_length=MAX_COUNT)
    ):
        if not isinstance(e, list) or len(e) != 2 or not isinstance(e[0], str) or e[0] not in g.effects:
            raise FormatError(
                f"must be [effect, player] with an effect of {sorted(g.effects)}, got {excerpt(e)}",
                f"state.pending_effects[{i}]",
            )
        s.pending_effects.append((e[0], int_in(e[1], 0, n - 1, f"state.pending_effects[{i}][1]")))
    deal = body.get("deal")
    if deal is not None:
        s.owed = ints_in(_get(deal, "want", list, "state.deal"), 0, MAX_COUNT, "state.deal.owed", n)
        s.deal_to = int_in(_get(deal, "to", int, "state.deal"), -1, n - 1, "state.deal.to")
    sc = body.get("scores")
    if sc is not None:
        sc = ints_in(sc, 0, MAX_COUNT, "state.scores", n)
    s.final_scores = sc
    s.tied = ints_in(_get(body, "tied", list, "state", []), 0, n - 1, "state.tied", max_length=n)
    if len(set(s.tied)) != len(s.tied):
        raise FormatError("a player is listed twice", "state.tied")


def _ints(v: JSON) -> bool:
    return all(isinstance(x, int) and not isinstance(x, bool) for x in v)
