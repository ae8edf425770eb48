"""Phase 1, development: play cards as animals or as traits, one card a turn, until everyone has passed.

Seed: "During the phase players can play their cards by putting them from their hands onto the table. Each player
may play each card either as an animal or as a trait of an existing animal. [...] Some cards have two traits, but
only one trait can be used - the chosen one. No animal can have two identical traits except "fat tissue" trait.
Pairwise traits (i.e. "communication") are played only onto a pair of animals. [...] No duplet of animals can have
two identical pairwise traits. However an animal can have several different pairwise traits with another animal."

Reference §3: Parasite is played "only on another player's" animal; "Scavenger and Carnivorous cannot be on the same
animal"; §4.1: "A player who passes plays no more cards this phase. The phase ends when everyone has passed."
A player with no cards left passes by himself.

Actions: ``("animal", card)``, ``("trait", card, trait, animal)``, ``("trait", card, trait, a, b)`` (paired; for
Symbiosis ``a`` is the symbiont that protects ``b``) and ``("pass",)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as ev
from ..actions import PASS, NewAnimal, PlayPairedTrait, PlayTrait, TypedAction
from ..flow import FLOW, Node, Step, run_phase
from ..model import DEVELOPMENT, FOOD
from ..table import add_link, add_trait, new_animal

if TYPE_CHECKING:
    from ..actions import Action
    from ..game import OriginGame
    from ..state import OriginState

__all__ = ["start", "legal", "apply", "why_not", "can_place", "plays_table", "Face"]

#: One face of a card in the game's play table: ``(trait, target, block mask, plays)``, ``plays`` the typed plays
#: of the face by the animal's id (by the pair of ids for a paired trait), filled as they become legal (each built
#: once a game).
Face = tuple[int, str, int, dict[int | tuple[int, int], TypedAction]]


def start(s: OriginState) -> None:
    """A new turn's development phase, from the first player."""
    n = s.game.players
    s.phase = DEVELOPMENT
    s.passed = [False] * n
    s.actor = s.first
    s.emit(ev.TurnStarted(s.turn, s.first, s.deck_n == 0))
    advance(s, s.first)


def advance(s: OriginState, seat: int) -> None:
    """The next player (from ``seat``) who has not passed plays; one without cards passes by himself."""
    n = s.game.players
    for k in range(n):
        p = (seat + k) % n
        if s.passed[p]:
            continue
        if s.hand_sizes[p] == 0:
            s.passed[p] = True
            s.emit(ev.Passed(p, "development"))
            continue
        s.actor = s.mover = p
        s.node = "develop"
        s._legal = legal(s)
        return
    s.phase = FOOD
    s.node = "food"
    s.mover = -1


def plays_table(g: OriginGame) -> tuple[list[list[Face]], list[NewAnimal]]:
    """Per card: a :data:`Face` for each face (``block``: the traits an animal may not already have to take it: the
    trait itself unless it stacks, and the traits it excludes), with empty tables of its typed plays; and the
    ``animal`` actions."""
    plays: list[list[Face]] = []
    for c in range(len(g.card_ids)):
        plays.append(
            [
                (t, g.target_of[t], (0 if g.stackable[t] else g.bit[t]) | g.excludes_of[t], {})
                for t in g.faces[c]
            ]
        )
    return plays, [NewAnimal("animal", c) for c in range(len(g.card_ids))]


def can_place(s: OriginState, p: int, trait: int, x: int, y: int = -1) -> str | None:
    """Why trait ``trait`` may not go on animal ``x`` (and ``y`` for a paired trait) for player ``p``, or ``None``."""
    g = s.game
    target = g.target_of[trait]
    a = s.animal_by_id.get(x)
    if a is None:
        return "no_such_animal"
    if target == "pair":
        b = s.animal_by_id.get(y)
        if b is None:
            return "no_such_animal"
        if a.owner != p or b.owner != p:
            return "not_own_animal"
        if x == y:
            return "same_animal"
        for L in s.links:
            if L.kind == trait and L.joins(x, y):
                return "already_linked"
        return None
    if y >= 0:
        return "not_paired"
    if target == "opponent" and a.owner == p:
        return "not_opponent_animal"
    if target == "own" and a.owner != p:
        return "not_own_animal"
    if a.mask & g.bit[trait] and not g.stackable[trait]:
        return "duplicate_trait"
    if a.mask & g.excludes_of[trait]:
        return "excluded_trait"
    return None


def legal(s: OriginState) -> list[Action]:
    """Every card play of the player to act, then ``pass``: card by card (deck order), face by face, animal by
    animal (seat order, left to right). The placement rules are in :func:`can_place`; here they are the same checks
    on the precomputed masks of ``game.plays`` (for speed), and each play is the face's typed action, built the
    first time it is legal in this game (a dict look-up is cheaper than a tuple literal)."""
    g = s.game
    p = s.actor
    A = s.animal_by_id
    own = [(x, A[x].mask) for x in s.rows[p]]
    others = None
    out: list[Action] = []
    ap = out.append
    hand = s.hands[p]
    for c, k in enumerate(hand):
        if not k:
            continue
        ap(g.animal_action[c])
        for t, target, block, on in g.plays[c]:
            if target == "own":
                for x, m in own:
                    if not m & block:
                        try:
                            ap(on[x])
                        except KeyError:
                            ap(on.setdefault(x, PlayTrait("trait", c, t, x)))
            elif target == "pair":
                _pairs(s, c, t, on, s.rows[p], out)
            else:
                if others is None:
                    others = [(x, A[x].mask) for q, row in enumerate(s.rows) if q != p for x in row]
                for x, m in others:
                    if not m & block:
                        try:
                            ap(on[x])
                        except KeyError:
                            ap(on.setdefault(x, PlayTrait("trait", c, t, x)))
    ap(PASS)
    return out


def _pairs(
    s: OriginState,
    c: int,
    t: int,
    on: dict[int | tuple[int, int], TypedAction],
    mine: list[int],
    out: list[Action],
) -> None:
    """The plays of paired trait ``t`` of card ``c`` on two of ``mine`` (both orders for a directed trait) that do
    not share it yet, each the typed action of the face's table ``on`` (by the pair, built once a game)."""
    taken = {(L.a, L.b) for L in s.links if L.kind == t}
    directed = s.game.directed[t]
    for i, x in enumerate(mine):
        for y in mine[i + 1 :]:
            xy, yx = (x, y), (y, x)
            if taken and (xy in taken or yx in taken):
                continue
            try:
                out.append(on[xy])
            except KeyError:
                out.append(on.setdefault(xy, PlayPairedTrait("trait", c, t, x, y)))
            if directed:
                out.append(on.get(yx) or on.setdefault(yx, PlayPairedTrait("trait", c, t, y, x)))


def apply(s: OriginState, a: Action) -> None:
    p = s.actor
    k = a[0]
    if k == "pass":
        s.passed[p] = True
        s.emit(ev.Passed(p, "development"))
    else:
        c = a[1]
        s.hands[p][c] -= 1
        s.hand_sizes[p] -= 1
        if k == "animal":
            b = new_animal(s, p, c)
            s.emit(ev.Born(p, b.id, c))
        elif len(a) == 5:
            add_link(s, a[2], a[3], a[4], c)
            s.emit(ev.TraitPlayed(p, c, a[2], a[3], a[4]))
        else:
            add_trait(s, s.animal_by_id[a[3]], a[2], c)
            s.emit(ev.TraitPlayed(p, c, a[2], a[3], -1))
    advance(s, (p + 1) % s.game.players)


def why_not(s: OriginState, a: Action) -> tuple[str, str]:
    """Why ``a`` is not a legal development action here: ``(message, reason)``."""
    g = s.game
    if not isinstance(a, tuple) or not a or a[0] not in ("animal", "trait", "pass"):
        return f"{a!r} is not a development action (animal, trait, pass)", "wrong_phase"
    if a[0] == "pass":
        return "pass is legal here", "not_legal"
    c = a[1] if len(a) > 1 else -1
    if not isinstance(c, int) or not 0 <= c < len(g.card_ids):
        return f"unknown card {c!r}", "unknown_card"
    if s.hands[s.actor][c] == 0:
        return f"P{s.actor + 1} has no {g.card_ids[c]} card in hand", "no_card"
    if a[0] == "animal":
        return "playing that card as an animal is legal here", "not_legal"
    if len(a) not in (4, 5) or a[2] not in g.faces[c]:
        return f"card {g.card_ids[c]} has no such trait", "wrong_face"
    t = a[2]
    if (g.target_of[t] == "pair") != (len(a) == 5):
        return (
            f"{g.trait_names[t]} is {'a paired trait: name two animals' if len(a) == 4 else 'not paired'}",
            "not_paired" if len(a) == 5 else "needs_pair",
        )
    why = can_place(s, s.actor, t, a[3], a[4] if len(a) == 5 else -1)
    text = {
        "no_such_animal": "there is no such animal",
        "not_own_animal": "that trait goes on your own animals",
        "not_opponent_animal": f"{g.trait_names[t]} goes only on another player's animal",
        "duplicate_trait": f"that animal already has {g.trait_names[t]}",
        "excluded_trait": f"{g.trait_names[t]} cannot go on an animal with "
        + " or ".join(g.trait_names[x] for x in range(len(g.trait_ids)) if g.excludes_of[t] & g.bit[x]),
        "same_animal": "a paired trait needs two different animals",
        "already_linked": f"those two animals already share {g.trait_names[t]}",
    }
    if why is None:
        return "that play is legal here", "not_legal"
    return text.get(why, why), why


run_phase(Step.DEVELOPMENT, start)
FLOW.add(
    Node(
        "develop",
        DEVELOPMENT,
        apply,
        decisions=legal,
        kinds=frozenset({"animal", "trait", "pass"}),
        verb="play a card as an animal or as a trait, or pass",
        who="each player in turn from the first",
        explain=lambda s, a, text: why_not(s, a),
        doc="seed: 'Each player may play each card either as an "
        "animal or as a trait of an existing animal'; a player who passes plays no more cards this phase",
    )
)
