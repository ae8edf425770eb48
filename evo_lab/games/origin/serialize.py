"""The position body in JSON (inside the shared ``evo-lab-position`` envelope) and its validated reader.

Cards are written by id, traits by abbreviation, animals by their ids in row order per player. A bad body raises
:class:`~evo_lab.core.errors.FormatError` naming the field; a body that reads but breaks the game's invariants
(cards not adding up to the deck, food above the need, ...) raises it too (field ``state``).
"""

from __future__ import annotations

from typing import Any

from ...core.errors import FormatError
from .model import NEVER, PHASES, Animal, Link, recompute

__all__ = ["state_body", "load_body"]

_STAMPS = (("attack", "s_attack"), ("piracy", "s_pirate"), ("mimicry", "s_mimic"), ("grazing", "s_graze"),
           ("hibernation", "s_hib"))
NODES = {"setup": ("first", "deal"), "development": ("develop",), "food": ("food",),
         "feeding": ("feed", "defend", "share", "run"), "deal": ("deal",), "rolloff": ("rolloff",), "over": ("end",)}


def _counts(g: Any, v: list[int]) -> dict[str, int]:
    return {g.card_ids[c]: k for c, k in enumerate(v) if k}


def _animal_body(g: Any, a: Animal) -> dict:
    d: dict[str, Any] = {"id": a.id, "card": g.card_ids[a.card],
                         "traits": [[g.abbr[t], g.card_ids[c]] for t, c in a.traits]}
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


def state_body(s: Any) -> dict:
    g = s.game
    return {
        "phase": PHASES[s.phase], "node": s.node, "mover": s.mover, "turn": s.turn, "first": s.first,
        "actor": s.actor, "passed": list(s.passed), "acted": s.acted, "ate": s.ate, "round": s.round_id,
        "bank": s.bank, "deck": _counts(g, s.deck), "box": _counts(g, s.box),
        "hands": [_counts(g, h) for h in s.hands],
        "animals": [[_animal_body(g, s.animal_by_id[x]) for x in row] for row in s.rows],
        "links": [{"trait": g.abbr[L.kind], "a": L.a, "b": L.b, "card": g.card_ids[L.card]}
                  | ({"used": L.used} if L.used != NEVER else {}) for L in s.links],
        "discard": [{"open": [g.card_ids[c] for c in s.disc_open[p]], "hidden": [g.card_ids[c] for c in s.disc_hidden[p]]}
                    for p in range(g.players)],
        "next_id": s.next_id,
        "attack": None if s.atk is None else {"attacker": s.atk[0], "target": s.atk[1], "running": s.atk[2]},
        "shares": [[g.abbr[k], x, y] for k, x, y in s.shares], "queue": [list(e) for e in s.queue],
        "deal": None if s.want is None else {"want": list(s.want), "to": s.deal_to},
        "scores": None if s.final_scores is None else list(s.final_scores), "tied": list(s.tied), "winner": s.winner,
    }


def _get(d: Any, key: str, typ: Any, field: str, default: Any = ...) -> Any:
    if not isinstance(d, dict):
        raise FormatError("must be an object", field or "state")
    if key not in d:
        if default is not ...:
            return default
        raise FormatError("missing", f"{field}.{key}" if field else key)
    v = d[key]
    ok = (isinstance(v, int) and not isinstance(v, bool)) if typ is int else isinstance(v, typ)
    if not ok:
        raise FormatError(f"must be {getattr(typ, '__name__', typ)}, got {v!r}", f"{field}.{key}" if field else key)
    return v


def _card(g: Any, v: Any, field: str) -> int:
    if v not in g.card_index:
        raise FormatError(f"unknown card {v!r}", field)
    return g.card_index[v]


def _trait(g: Any, v: Any, field: str) -> int:
    if v not in g.abbr_index:
        raise FormatError(f"unknown trait {v!r}", field)
    return g.abbr_index[v]


def _count_vec(g: Any, d: Any, field: str) -> list[int]:
    if not isinstance(d, dict):
        raise FormatError("must map card ids to counts", field)
    out = [0] * len(g.card_ids)
    for k, v in d.items():
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise FormatError(f"count of {k!r} must be a non-negative integer", field)
        out[_card(g, k, f"{field}.{k}")] = v
    return out


def _read_animal(g: Any, d: Any, owner: int, field: str) -> Animal:
    a = Animal(_get(d, "id", int, field), owner, _card(g, _get(d, "card", str, field), f"{field}.card"))
    for i, tc in enumerate(_get(d, "traits", list, field)):
        if not isinstance(tc, list) or len(tc) != 2:
            raise FormatError("must be [trait, card]", f"{field}.traits[{i}]")
        a.traits.append((_trait(g, tc[0], f"{field}.traits[{i}]"), _card(g, tc[1], f"{field}.traits[{i}]")))
    a.fat_full = _get(d, "fat_full", int, field, 0)
    a.red, a.blue = _get(d, "red", int, field, 0), _get(d, "blue", int, field, 0)
    used = _get(d, "used", dict, field, {})
    for name, slot in _STAMPS:
        v = used.get(name, NEVER)
        if isinstance(v, bool) or not isinstance(v, int):
            raise FormatError("must be an integer", f"{field}.used.{name}")
        setattr(a, slot, v)
    a.sleeping = _get(d, "sleeping", bool, field, False)
    a.poisoned = _get(d, "poisoned", bool, field, False)
    need_red, need_blue, full = a.red, a.blue, a.fat_full
    recompute(a, g)
    if (a.red, a.blue, a.fat_full) != (need_red, need_blue, full):
        raise FormatError("food above the need or fat above the fat cards", field)
    return a


def load_body(cls: type, g: Any, body: Any) -> Any:
    """Read a position body (see :func:`state_body`) into a new state of game ``g``."""
    from .invariants import InvariantError, check_invariants

    n = g.players
    s = cls(g)
    ph = _get(body, "phase", str, "state")
    if ph not in PHASES:
        raise FormatError(f"unknown phase {ph!r}", "state.phase")
    s.phase = PHASES.index(ph)
    s.node = _get(body, "node", str, "state")
    if s.node not in NODES[ph]:
        raise FormatError(f"node {s.node!r} is not a node of the {ph} phase", "state.node")
    for k in ("mover", "turn", "first", "actor", "bank", "next_id", "winner"):
        setattr(s, k, _get(body, k, int, "state"))
    s.round_id = _get(body, "round", int, "state")
    s.acted, s.ate = _get(body, "acted", bool, "state"), _get(body, "ate", bool, "state")
    s.passed = _get(body, "passed", list, "state")
    if len(s.passed) != n or not all(isinstance(x, bool) for x in s.passed):
        raise FormatError(f"must be {n} true/false values", "state.passed")
    s.deck, s.box = _count_vec(g, body.get("deck"), "state.deck"), _count_vec(g, body.get("box", {}), "state.box")
    s.deck_n = sum(s.deck)
    hands = _get(body, "hands", list, "state")
    if len(hands) != n:
        raise FormatError(f"must list {n} hands", "state.hands")
    s.hands = [_count_vec(g, h, f"state.hands[{p}]") for p, h in enumerate(hands)]
    s.hand_n = [sum(h) for h in s.hands]
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
    try:
        check_invariants(s)
    except InvariantError as e:
        raise FormatError(f"inconsistent position: {e}", "state") from None
    return s


def _read_links(s: Any, g: Any, links: list) -> None:
    for i, d in enumerate(links):
        f = f"state.links[{i}]"
        kind = _trait(g, _get(d, "trait", str, f), f + ".trait")
        x, y = _get(d, "a", int, f), _get(d, "b", int, f)
        if x not in s.animal_by_id or y not in s.animal_by_id:
            raise FormatError("links two animals on the table", f)
        s.links.append(Link(kind, x, y, _card(g, _get(d, "card", str, f), f + ".card"), _get(d, "used", int, f, NEVER)))
        if kind == g.SYMB:
            s.animal_by_id[y].prot += 1


def _read_rest(s: Any, g: Any, body: dict) -> None:
    disc = _get(body, "discard", list, "state")
    if len(disc) != g.players:
        raise FormatError(f"must list {g.players} discard piles", "state.discard")
    for p, d in enumerate(disc):
        f = f"state.discard[{p}]"
        s.disc_open[p] = [_card(g, c, f + ".open") for c in _get(d, "open", list, f)]
        s.disc_hidden[p] = [_card(g, c, f + ".hidden") for c in _get(d, "hidden", list, f)]
    atk = body.get("attack")
    if atk is not None:
        s.atk = [_get(atk, "attacker", int, "state.attack"), _get(atk, "target", int, "state.attack"),
                 _get(atk, "running", int, "state.attack")]
    s.shares = []
    for i, it in enumerate(_get(body, "shares", list, "state")):
        f = f"state.shares[{i}]"
        if not isinstance(it, list) or len(it) != 3 or not _ints(it[1:]) or it[1] not in s.animal_by_id or it[2] not in s.animal_by_id:
            raise FormatError("must be [trait, from animal, to animal]", f)
        s.shares.append((_trait(g, it[0], f), it[1], it[2]))
    s.queue = []
    for i, e in enumerate(_get(body, "queue", list, "state")):
        if not isinstance(e, list) or len(e) != 2 or e[0] not in g.effects or not _ints(e[1:]):
            raise FormatError(f"must be [effect, player] with an effect of {sorted(g.effects)}", f"state.queue[{i}]")
        s.queue.append(tuple(e))
    deal = body.get("deal")
    if deal is not None:
        s.want = _get(deal, "want", list, "state.deal")
        if len(s.want) != g.players or not _ints(s.want):
            raise FormatError(f"must be {g.players} integers", "state.deal.want")
        s.deal_to = _get(deal, "to", int, "state.deal")
    sc = body.get("scores")
    if sc is not None and (not isinstance(sc, list) or len(sc) != g.players or not _ints(sc)):
        raise FormatError(f"must be null or {g.players} integers", "state.scores")
    s.final_scores = sc
    s.tied = _get(body, "tied", list, "state", [])
    if not _ints(s.tied) or any(not 0 <= p < g.players for p in s.tied):
        raise FormatError("must list players", "state.tied")


def _ints(v: Any) -> bool:
    return all(isinstance(x, int) and not isinstance(x, bool) for x in v)
