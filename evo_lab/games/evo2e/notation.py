"""Action strings: ``action_to_string``, ``parse_action``, ``describe_action``, and the text of a state.

Actions are written with the board's space labels and the pack's ids: ``move C3-C4``, ``attack D1xE2``,
``wings A1-C2``, ``bid 3 on lot 2``, ``play prescience +1``, ``birth C5 replacing A2``, ``die equals``.
Every string :func:`to_string` writes, :func:`parse` reads back (numeric space ids work too).

>>> import evo_lab
>>> g = evo_lab.Game(players=2)
>>> a = parse(g, "attack C3xD4")
>>> a.kind, to_string(g, a)
('attack', 'attack C3xD4')
>>> parse(g, "bid 7 lot 1")
Traceback (most recent call last):
...
evo_lab.core.errors.FormatError: action: write bids as 'bid V on lot L': 'bid 7 lot 1'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import FormatError, excerpt
from ...core.words import plural
from . import genes, rules
from .actions import (
    ATTACK,
    BID,
    BIRTH,
    CARD,
    DIE,
    END,
    ESCAPE,
    EXCLUDE,
    FLIPPERS,
    GENE,
    INITIATIVE,
    MOVE,
    ORDER,
    PASS,
    PEEK,
    PLAY,
    REMOVE,
    TOKEN,
    WINGS,
    Action,
)

if TYPE_CHECKING:
    from .game import Game
    from .state import State

__all__ = ["to_string", "parse", "describe", "state_text"]

_STEPS = (MOVE, WINGS, FLIPPERS)


def to_string(g: Game, a: Action) -> str:
    """The readable, parseable form of ``a`` for game ``g`` (space labels, gene and card ids)."""
    L = g.labels
    k = a.kind
    if k == EXCLUDE:
        return f"exclude {g.unique_ids[a.a]}"
    if k == ORDER:
        return f"order P{a.a + 1}"
    if k in (TOKEN, PEEK):
        return f"{k} {g.token_ids[a.a]}"
    if k == GENE:
        return f"gene {g.gene_ids[a.a]}"
    if k == CARD:
        return f"card {g.card_ids[a.a]}"
    if k == DIE:
        return f"die {g.die_kinds[a.a]}"
    if k == BID:
        return f"bid {a.b} on lot {a.a}"
    if k == INITIATIVE:
        return f"initiative {a.a + 1}"
    if k in _STEPS:
        return f"{k} {L[a.a]}-{L[a.b]}"
    if k == ATTACK:
        return f"attack {L[a.a]}x{L[a.b]}"
    if k == PLAY:
        base = f"play {g.card_ids[a.a]}"
        return f"{base} {a.b:+d}" if g.card_params[a.a] != (-1,) else base
    if k == BIRTH:
        return f"birth {L[a.a]}" + (f" replacing {L[a.b]}" if a.b >= 0 else "")
    if k in (ESCAPE, REMOVE):
        return f"{k} {L[a.a]}"
    return k  # end, pass


def _space(g: Game, tok: str) -> int:
    t = tok.strip().upper()
    if t in g.label_index:
        return g.label_index[t]
    if t.isdigit() and int(t) < g.n:
        return int(t)
    raise FormatError(f"unknown space {excerpt(tok)} (spaces are {g.labels[0]}..{g.labels[-1]})", "action")


def _int(tok: str) -> int:
    try:
        return int(tok)
    except ValueError:
        raise FormatError(f"expected a number, got {excerpt(tok)}", "action") from None


def _player(tok: str) -> int:
    t = tok.upper()
    if t.startswith("P") and t[1:].isdigit():
        return int(t[1:]) - 1
    raise FormatError(f"expected a player like P1, got {excerpt(tok)}", "action")


def _index(names: tuple[str, ...], tok: str, what: str) -> int:
    low = [x.lower() for x in names]
    if tok.lower() not in low:
        raise FormatError(f"unknown {what} {excerpt(tok)}; known: {', '.join(names)}", "action")
    return low.index(tok.lower())


_NAMED = {
    EXCLUDE: ("unique_ids", "unique gene"),
    TOKEN: ("token_ids", "climate token"),
    PEEK: ("token_ids", "climate token"),
    GENE: ("gene_ids", "gene"),
    CARD: ("card_ids", "event card"),
    DIE: ("die_kinds", "die symbol"),
}


def parse(g: Game, text: str) -> Action:
    """Read an action string (as written by :func:`to_string`). Raises :class:`FormatError` (field
    ``action``); the result still has to be legal where it is applied."""
    if not isinstance(text, str):
        raise FormatError(f"expected a string, got {type(text).__name__}", "action")
    parts = text.strip().split()
    if not parts:
        raise FormatError("empty action", "action")
    k, rest = parts[0].lower(), parts[1:]

    def need(nargs: int) -> None:
        if len(rest) != nargs:
            raise FormatError(f"{excerpt(k)} takes {nargs} argument(s): {excerpt(text)}", "action")

    if k in (END, PASS):
        need(0)
        return Action(k)
    if k in _NAMED:
        need(1)
        attr, what = _NAMED[k]
        return Action(k, _index(getattr(g, attr), rest[0], what))
    if k == ORDER:
        need(1)
        return Action(ORDER, _player(rest[0]))
    if k == BID:
        if len(rest) != 4 or rest[1].lower() != "on" or rest[2].lower() != "lot":
            raise FormatError(f"write bids as 'bid V on lot L': {excerpt(text)}", "action")
        return Action(BID, _int(rest[3]), _int(rest[0]))
    if k == INITIATIVE:
        need(1)
        return Action(INITIATIVE, _int(rest[0]) - 1)
    if k in _STEPS or k == ATTACK:
        need(1)
        return _parse_step(g, k, rest[0], text)
    if k == PLAY:
        if not rest:
            raise FormatError("play which card?", "action")
        c = _index(g.card_ids, rest[0], "event card")
        if g.card_params[c] != (-1,):
            need(2)
            return Action(PLAY, c, _int(rest[1]))
        need(1)
        return Action(PLAY, c)
    if k == BIRTH:
        if len(rest) == 1:
            return Action(BIRTH, _space(g, rest[0]))
        if len(rest) == 3 and rest[1].lower() == "replacing":
            return Action(BIRTH, _space(g, rest[0]), _space(g, rest[2]))
        raise FormatError(f"write births as 'birth X' or 'birth X replacing Y': {excerpt(text)}", "action")
    if k in (ESCAPE, REMOVE):
        need(1)
        return Action(k, _space(g, rest[0]))
    raise FormatError(f"unknown action {excerpt(parts[0])}", "action")


def _parse_step(g: Game, k: str, arg: str, text: str) -> Action:
    sep = "x" if k == ATTACK else "-"
    if k == ATTACK:
        i = arg.upper().rfind("X")
        src, dst = (arg[:i], arg[i + 1 :]) if i > 0 else (arg, "")
    else:
        src, _, dst = arg.partition(sep)
    if not dst:
        raise FormatError(f"write {k} as '{k} A{sep}B': {excerpt(text)}", "action")
    return Action(k, _space(g, src), _space(g, dst))


def describe(s: State, a: Action) -> str:
    """The action in words, for action pickers and stories."""
    from .cards import describe_play
    from .phases.movement import attack_probability

    g = s.game
    L = g.labels
    k = a.kind
    if k in _STEPS:
        how = {MOVE: "moves", WINGS: "flies (wings)", FLIPPERS: "swims (flippers)"}[k]
        return (
            f"P{s.occupants[a.a] + 1}'s dinosaur on {L[a.a]} {how} to {L[a.b]} "
            f"({g.board.terrain[a.b]}, {s.space_state(a.b)} now)"
        )
    if k == ATTACK:
        return (
            f"P{s.occupant(a.a) + 1}'s dinosaur on {L[a.a]} attacks P{s.occupant(a.b) + 1}'s dinosaur on {L[a.b]}: "
            f"it wins with probability {attack_probability(s, a.a, a.b)}"
        )
    if k == BID:
        from .words import lot_words

        price = rules.bid_price(a.b, genes.discount(s, s.actor))
        return f"bid {a.b} for {lot_words(s, a.a)}, pays {price} MP"
    if k == BIRTH:
        q = s.occupants[a.a]
        extra = f", removing the dinosaur on {L[a.b]} first" if a.b >= 0 else ""
        if q >= 0:
            return f"killer baby onto P{q + 1}'s dinosaur on {L[a.a]}{extra}"
        return f"a new dinosaur on {L[a.a]} ({g.board.terrain[a.a]}, {s.space_state(a.a)} now){extra}"
    if k == PLAY:
        return describe_play(s, a)
    if k == END:
        return f"end movement ({plural(s.mp_left, 'point')} unused)"
    if k == INITIATIVE:
        return f"take place {a.a + 1} on the initiative track"
    if k == REMOVE:
        return f"let the dinosaur on {L[a.a]} die ({s.space_state(a.a)} terrain)"
    if k == ESCAPE:
        return f"chameleon skin: escape to {L[a.a]}"
    if k == PASS:
        return "pass"
    return to_string(g, a)


def state_text(s: State) -> str:
    """A readable summary of the position (``str(state)``), in words: what the player to act must do, the genes
    by their printed names."""
    from .words import gene_words, node_words

    g = s.game
    L = g.labels
    if s.node == "end":
        who = "game over"
    elif s.is_chance_node():
        who = "chance: " + node_words(s)
    else:
        who = f"P{s.actor + 1} to {node_words(s)}"
    lines = [
        f"{g.title}, {g.players} players, board {g.board.name}"
        + (" (reconstructed, not the printed board)" if g.board.reconstructed else ""),
        f"Round {s.round}, {s.phase_name()} phase; {who}",
        "Climate: section {} ({})".format(
            s.section, ", ".join(f"{t} {st}" for t, st in s.terrain_states().items())
        ),
        "Initiative: " + " ".join(f"P{p + 1}" for p in s.order),
    ]
    for p in range(g.players):
        gene_text = ", ".join(f"{gene_words(g, k)} {v}" for k, v in s.gene_counts(p).items() if v)
        uniq = ", ".join(gene_words(g, u) for u in s.unique_genes(p))
        lines.append(
            f"P{p + 1}: {s.mp[p]} MP, {plural(s.count[p], 'dinosaur')} on "
            + (" ".join(L[x] for x in s.dinosaurs(p)) or "-")
            + (f"; genes: {gene_text}" if gene_text else "")
            + (f"; unique: {uniq}" if uniq else "")
            + (f"; cards: {len(s.hands[p])}" if s.hands[p] else "")
        )
    if s.node == "end":
        lines.append("Ranking: " + ", ".join(f"P{p + 1} #{r}" for p, r in enumerate(s.ranking())))
    return "\n".join(lines)
