"""Phase: feeding. Taking food (with Foraging and Cooperation chains and Fat Tissue), attacks (Horns, excess
food, extinction), Scavengers, and the feeding options of a player.

The functions work on any *table*: an object with ``players`` (list of :class:`~.model.Player`),
``watering_hole`` (plant food on it), ``options`` (:class:`~.rules.RuleOptions`), ``new_events`` (an event list or None),
``give_cards(p, n)`` and ``discard(kind)``. The game state is one; the course harness's JSON configuration is
another (it hands out its ordered deck), so the harness runs these same rules.

Sources: seed 003 lines 122-155 (feeding), seed 002 lines 38-43, seed 004 lines 59-73, and for the course the
instructor's ``dealer.rkt`` (feed-a-player-s-species, feed-scavengers, feed1) and ``next.rkt`` (feed-carnivore).

>>> from ..model import Player, Species
>>> from ..rules import course2016
>>> from types import SimpleNamespace as T
>>> t = T(players=[Player([Species(0, 2, traits=["cooperation", "foraging"]), Species(0, 2)])], watering_hole=5,
...       options=course2016(), new_events=None)
>>> feed(t, 0, t.players[0].species[0], "wh", "plant", "eat")    # eat, forage, cooperate twice
2
>>> [s.food for s in t.players[0].species], t.watering_hole
([2, 2], 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..attack import blocker, disable_choices
from ..events import Ate, Attacked, Extinct, Stored
from ..flow import FLOW, PHASE_INDEX, Node, Step
from ..interned import ATTACKS, DISCARD, EAT, EAT_INTEL, PASS
from ..interned import attack_row, fit_cards, fit_species, intelligent_attack, store_row
from ..traits import AFTER_TAKE, BITS, ON_CARNIVORE_ATE, TRAIT_IDS

if TYPE_CHECKING:
    from ..model import Species
    from ..rules import RuleOptions
    from ..state import State
    from ..table import Action, Table

__all__ = [
    "apply_feeding",
    "attack",
    "discard_choices",
    "discard_for_intelligence",
    "feed",
    "feed_choice",
    "feed_turn",
    "go_extinct",
    "has_option",
    "intelligence_before_eating",
    "kill",
    "meat_meal",
    "next_asked",
    "next_feeder",
    "options",
    "room",
    "scavenge",
    "store_fat",
    "take",
]

_CARN, _FORAGE, _COOP, _FAT = BITS.carnivore, BITS.foraging, BITS.cooperation, BITS.fat_tissue
_SCAV, _HORNS, _INTEL = BITS.scavenger, BITS.horns, BITS.intelligence
_TRIGGER_MASK = _FORAGE | _COOP


def room(s: Species, o: RuleOptions) -> int:
    """How much more food ``s`` can take: its hunger, plus its free Fat Tissue in the official "overflow" mode
    (a fed Fat Tissue species keeps eating into its fat, up to its body size: seed 004 line 65)."""
    r = s.pop - s.food
    if o.fat_mode == "overflow" and s.mask & _FAT:
        r += s.body - s.fat
    return r


def take(t: Table, p: int, s: Species, source: str, n: int = 1, why: str = "eat") -> int:
    """Species ``s`` of player ``p`` takes up to ``n`` food from ``source`` (``"wh"`` or ``"bank"``); food
    beyond its population goes onto its Fat Tissue (official). Returns the number taken. Seed 003 line 151:
    "A species can never gather more food than its Population" (Fat Tissue excepted, seed 004 line 65)."""
    o = t.options
    if source == "wh":
        n = min(n, t.watering_hole)
    hunger = s.pop - s.food
    fat_room = s.body - s.fat if (o.fat_mode == "overflow" and s.mask & _FAT) else 0
    n = min(n, hunger + fat_room)
    if n <= 0:
        return 0
    eat = min(n, hunger)
    s.food += eat
    s.fat += n - eat
    if source == "wh":
        t.watering_hole -= n
    if t.new_events is not None:
        t.new_events.append(Ate(p, _index(t, p, s), n, source, why))
    return n


def feed(t: Table, p: int, s: Species, source: str, kind: str, why: str = "eat", n: int = 1) -> int:
    """One feeding of ``s``: take ``n`` ``kind`` food ("plant"/"meat") from ``source``, then Foraging (one more
    plant food from the watering hole: seed 003 line 132) and Cooperation (the species to the right takes 1 food
    from the same source, every time this one takes food: seed 003 line 149). Carnivores never eat plant food,
    not even through Cooperation (seed 002 line 40) -- except in the course, where food is food (dealer.rkt
    "allison's test"). Returns the food ``s`` itself took."""
    o = t.options
    if kind == "plant" and s.mask & _CARN and not o.food_is_food:
        return 0
    got = take(t, p, s, source, n, why)
    if not got:
        return 0
    m = s.mask
    if m & _TRIGGER_MASK:
        for b, hook in AFTER_TAKE:  # the trait registry's feeding triggers (Foraging, Cooperation)
            if m & b:
                got += hook(t, p, s, source, kind)
    return got


def index_of(row: Sequence[Species], s: Species) -> int:
    """The position of species ``s`` (by identity) in a row."""
    for i, x in enumerate(row):
        if x is s:
            return i
    return -1


def _index(t: Table, p: int, s: Species) -> int:
    return index_of(t.players[p].species, s)


def meat_meal(t: Table, p: int, s: Species, prey_body: int) -> int:
    """The attacker eats: official, meat from the bank equal to the prey's body size (seed 003 line 143), one
    feeding (Cooperation once); course, one feeding from the watering hole (dealer.rkt feed-a-player-s-species,
    with Foraging and Cooperation)."""
    o = t.options
    src = "wh" if o.meat_source == "watering_hole" else "bank"
    return feed(t, p, s, src, "meat", "attack", prey_body if o.meat_amount == "body" else 1)


def scavenge(t: Table, p: int, negated: int = 0) -> None:
    """Every Scavenger takes 1 meat food, clockwise from the attacking player (course next.rkt feed-scavengers;
    seed 003 line 149). Official: from the bank; course: from the watering hole. None eats when the attacker's
    Intelligence disabled Scavenger for this attack (``negated``; seed 004 line 71: "disabled in ALL species
    until the attack has been completed")."""
    if negated & _SCAV:
        return
    n = len(t.players)
    for k in range(n):
        q = (p + k) % n
        for s in list(t.players[q].species):
            if s.mask & _SCAV:
                for b, hook in ON_CARNIVORE_ATE:
                    if s.mask & b:
                        hook(t, q, s, "", "meat")


def go_extinct(t: Table, p: int, s: Species) -> None:
    """Remove a species at population 0: its trait cards go to the discard pile and its owner draws one card per
    trait discarded (seed 003 line 166) or 2 cards (course next.rkt EXTINCTION-CARDS). The gap closes
    (seed 004 line 81). Food stored on its Fat Tissue goes into its owner's bag (ruling R21, seed 004 line 81:
    "All food chips left on the now extinct species are added to the victory points"; option
    ``fat_at_extinction="lost"``: it leaves with the board). The food on its population track is already in a
    bag or gone (:func:`kill`, ruling R1; at the end of the round it is 0)."""
    row = t.players[p].species
    i = _index(t, p, s)
    del row[i]
    fat = s.fat if t.options.fat_at_extinction == "bag" else 0
    if fat:
        t.players[p].bag += fat
        s.fat = 0
    for k in s.cards:
        if k >= 0:
            t.discard(k)
    n = len(s.traits) if t.options.extinction_cards == "traits" else int(t.options.extinction_cards)
    if t.new_events is not None:
        t.new_events.append(Extinct(p, i, n, fat, s.body))
    if n:
        t.give_cards(p, n)


def kill(t: Table, p: int, s: Species, n: int, to: int) -> bool:
    """Population of ``s`` (player ``p``) drops by ``n``; food above the new population goes to the bag of
    player ``to`` (official R1: the owner; seed 002 line 41) or is lost (course kill1). True if extinct."""
    s.pop -= n
    if s.food > s.pop:
        excess = s.food - max(s.pop, 0)
        s.food = max(s.pop, 0)
        if to >= 0:
            t.players[to].bag += excess
    if s.pop <= 0:
        s.pop = 0
        go_extinct(t, p, s)
        return True
    return False


def _excess_to(o: RuleOptions, owner: int, attacker: int) -> int:
    return {"owner": owner, "attacker": attacker}.get(o.excess_food_to, -1)


def attack(t: Table, p: int, i: int, tp: int, ti: int, negated: int = 0) -> None:
    """Species ``i`` of player ``p`` attacks species ``ti`` of player ``tp`` (already checked legal). The prey
    loses 1 population (seed 003 line 145); Horns cost the attacker 1 population first and a Carnivore that dies
    of it does not eat (course next.rkt feed-carnivore); then the attacker eats and every Scavenger eats.
    ``negated``: the trait bits the attacker's Intelligence disabled for this attack (seed 004 line 71), in
    every species: disabled Horns do not wound, a disabled Scavenger does not eat."""
    o = t.options
    att = t.players[p].species[i]
    prey = t.players[tp].species[ti]
    horns = bool(prey.mask & _HORNS) and not negated & _HORNS
    body = prey.body
    if t.new_events is not None:
        off = ",".join(TRAIT_IDS[b] for b in range(len(TRAIT_IDS)) if negated >> b & 1)
        t.new_events.append(Attacked(p, i, tp, ti, horns, off))
    kill(t, tp, prey, 1, _excess_to(o, tp, p))
    if horns and kill(t, p, att, o.horns, _excess_to(o, p, p)):
        return
    if meat_meal(t, p, att, body):
        scavenge(t, p, negated)


def store_fat(t: Table, p: int, i: int, n: int) -> int:
    """Course: store ``n`` tokens from the watering hole on species ``i``'s Fat Tissue (dealer.rkt store-fat:
    at most what the watering hole holds). No Foraging or Cooperation."""
    s = t.players[p].species[i]
    n = min(n, t.watering_hole, s.body - s.fat)
    s.fat += n
    t.watering_hole -= n
    if t.new_events is not None:
        t.new_events.append(Stored(p, i, n))
    return n


def apply_feeding(t: Table, p: int, a: Action, card: int = -1) -> None:
    """Carry out one feeding option of player ``p`` (an action tuple of :func:`options`); Intelligence options
    discard ``card`` from the hand first (seed 004 line 57: "you must first select a card to be discarded")."""
    k = a[0]
    if len(a) in (3, 5) and k in ("eat", "attack") and card >= 0:
        t.players[p].hand.remove(card)
        t.discard(card)
    if k == "eat":
        s = t.players[p].species[a[1]]
        if (
            len(a) == 3
        ):  # Intelligence: plant food from the bank (ruling R3: the amount is setup data, assumed)
            feed(t, p, s, "bank", "plant", "intelligence", t.options.intelligence_food)
        else:
            feed(t, p, s, "wh", "plant", "eat")
    elif k == "attack":
        attack(t, p, a[1], a[2], a[3], (1 << a[4]) if len(a) == 5 else 0)
    elif k == "store":
        store_fat(t, p, a[1], a[2])


# ----- what a player may do on their feeding turn


def _scavengers(t: Table, p: int) -> bool:
    """Whether a face-up Scavenger of another player than ``p`` has room to eat (so disabling Scavenger can
    serve the attacking player ``p``)."""
    o = t.options
    return any(
        s.mask & _SCAV and room(s, o) > 0 for q, pl in enumerate(t.players) if q != p for s in pl.species
    )


def _targets(t: Table, p: int, i: int, att: Species, out: list[Action] | None) -> bool:
    """Attack options of carnivore ``att`` (species ``i`` of ``p``); appends to ``out`` or returns on the first.
    With Intelligence and a card in hand, one more option per trait it may disable (:func:`~..attack.
    disable_choices`, seed 004 line 71)."""
    o = t.options
    found = False
    intel = o.intelligence and att.mask & _INTEL and t.players[p].hand
    scav = bool(intel) and out is not None and o.intelligence_disables == "any" and _scavengers(t, p)
    by_player = ATTACKS[i] if out is not None else []  # options() fitted species i; has_option() lists none
    for q, pl in enumerate(t.players):
        if q == p and not o.attack_own:
            continue
        row = pl.species
        acts = by_player[q] if q < len(by_player) else []
        if out is not None and len(acts) < len(row):
            acts = attack_row(i, q, len(row))
        for j, d in enumerate(row):
            if q == p and j == i:
                continue
            left = row[j - 1] if j else None
            right = row[j + 1] if j + 1 < len(row) else None
            possible = blocker(att, d, left, right, o) is None
            if possible:
                if out is None:
                    return True
                out.append(acts[j])
                found = True
            if intel:
                for tid in disable_choices(att, d, left, right, o, scav):
                    if out is None:
                        return True
                    out.append(intelligent_attack(i, q, j, tid))
                    found = True
    return found


def options(t: Table, p: int) -> list[Action]:
    """The feeding options of player ``p`` as action tuples: ``("eat", i)``, ``("eat", i, "intel")``
    (Intelligence: a card is discarded next), ``("store", i, n)`` (course Fat Tissue), ``("attack", i, tp, j)``,
    ``("attack", i, tp, j, trait)`` (Intelligence negating ``trait``; a card is discarded next) and ``("pass",)``
    (course: forgo attacking or storing fat when no vegetarian can eat)."""
    o = t.options
    if o.stop_when_empty and t.watering_hole <= 0:
        return []
    out: list[Action] = []
    hand = t.players[p].hand
    row = t.players[p].species
    if len(row) > len(EAT):
        fit_species(len(row))
    veg = False
    for i, s in enumerate(row):
        m = s.mask
        if o.fat_mode == "store" and m & _FAT and s.body > s.fat and t.watering_hole > 0:
            most = min(s.body - s.fat, t.watering_hole)  # the course's Fat Tissue: not a hot path
            out.extend(store_row(i, most)[:most])
        r = room(s, o) if o.fat_mode == "overflow" else s.pop - s.food
        if r <= 0:
            continue
        if m & _CARN:
            _targets(t, p, i, s, out)
        else:
            if t.watering_hole > 0:
                out.append(EAT[i])
                veg = True
            if _intel_turn(o) and m & _INTEL and hand:
                out.append(EAT_INTEL[i])
                veg = True
    if o.may_decline and len(out) > 1 and not veg:
        out.append(PASS)
    return out


def has_option(t: Table, p: int) -> bool:
    """Whether player ``p`` can feed anything (a fast ``bool(options(t, p))``)."""
    o = t.options
    if o.stop_when_empty and t.watering_hole <= 0:
        return False
    for i, s in enumerate(t.players[p].species):
        m = s.mask
        if o.fat_mode == "store" and m & _FAT and s.body > s.fat and t.watering_hole > 0:
            return True
        r = room(s, o) if o.fat_mode == "overflow" else s.pop - s.food
        if r <= 0:
            continue
        if m & _CARN:
            if _targets(t, p, i, s, None):
                return True
        elif t.watering_hole > 0 or (_intel_turn(o) and m & _INTEL and t.players[p].hand):
            return True
    return False


def _intel_turn(o: RuleOptions) -> bool:
    """A non-Carnivore's Intelligence is one of its feedings (option ``herbivore_intelligence``
    "feeding_turn"; the default uses it before eating instead)."""
    return o.intelligence and o.herbivore_intelligence == "feeding_turn"


# ----- before eating: a non-Carnivore's Intelligence (seed 004 lines 46-57)


def intelligence_before_eating(t: Table, p: int, s: Species) -> bool:
    """Whether player ``p`` may use species ``s``'s Intelligence before eating: seed 004 lines 50-57 ("Animals
    with the properties Long Neck, Fertile, Fat Tissue, Intelligence (only as herbivores) can now use these,
    starting with the starting player ... In order to use intelligence, you must first select a card to be
    discarded"): a face-up Intelligence on a non-Carnivore with room for food, and a card in hand."""
    o = t.options
    return (
        o.intelligence
        and o.herbivore_intelligence == "before_eating"
        and bool(s.mask & _INTEL)
        and not s.mask & _CARN
        and bool(t.players[p].hand)
        and room(s, o) > 0
    )


def next_asked(t: Table, p: int = -1, i: int = -1) -> tuple[int, int]:
    """The next ``(player, species)`` whose owner is asked about its Intelligence before eating, after species
    ``i`` of player ``p`` (``p = -1``: from the start): players from the first (``t.first``), species left to
    right; ``(-1, -1)`` when nobody is left to ask (feeding starts)."""
    n = len(t.players)
    first = getattr(t, "first", 0)
    k0 = 0 if p < 0 else (p - first) % n
    for k in range(k0, n):
        q = (first + k) % n
        row = t.players[q].species
        for j in range(i + 1 if k == k0 and p >= 0 else 0, len(row)):
            if intelligence_before_eating(t, q, row[j]):
                return q, j
    return -1, -1


def next_feeder(t: Table, after: int, out: int) -> tuple[int, int]:
    """The next player to feed after player ``after`` (clockwise, ``after`` itself last) and the updated bit
    mask ``out`` of players done feeding. Official (seed 004 line 61): "Once a player has no hungry animals
    left, he is skipped" -- while they cannot feed. Course (dealer.rkt feeding/feed1): a player that cannot
    feed (or declines) leaves the queue for the rest of the feeding. ``-1``: feeding is over (seed 003 line
    155: "when all Hungry species are unable to find any food")."""
    n = len(t.players)
    drop = t.options.drop_when_done
    for k in range(1, n + 1):
        q = (after + k) % n
        if out >> q & 1:
            continue
        if has_option(t, q):
            return q, out
        if drop:
            out |= 1 << q
    return -1, out


# ----- the feeding phase in the game's flow


def feed_turn(s: State) -> bool:
    """Step ``FEEDING``: the next player who can feed (seed 004 line 61), or the end of the round."""
    q, s.done_feeding = next_feeder(s, s.turn, s.done_feeding)
    s.find_feeder = False
    if q < 0:
        s.step = Step.END_ROUND
        return False
    s.turn = q
    s.node, s.step = "feed", Step.WAIT
    return True


def feed_choice(s: State, a: Action) -> None:
    """One feeding of the player to act (an action of :func:`options`); an Intelligence choice waits for the
    card to discard (node ``discard``)."""
    k = a[0]
    if (k == "eat" and len(a) == 3) or (k == "attack" and len(a) == 5):
        s.intel = a
        s.node = "discard"
        return
    if k == "pass":
        s.done_feeding |= 1 << s.turn
    else:
        apply_feeding(s, s.turn, a)
    s.find_feeder = True
    s.step = Step.FEEDING


def discard_choices(s: State) -> list[Action]:
    """``("discard", kind)`` for each kind in the hand: the card an Intelligence feeding costs."""
    hand = s.players[s.turn].hand
    if hand and max(hand) >= len(DISCARD):
        fit_cards(max(hand) + 1)
    return [DISCARD[k] for k in sorted(set(hand))]


def discard_for_intelligence(s: State, a: Action) -> None:
    """Seed 004 line 57: "you must first select a card to be discarded"; then the chosen feeding happens. Then
    the next species of the before-eating window (:mod:`.before_eating`) is asked, or the next player feeds."""
    act, s.intel = s.intel, None
    assert act is not None, "node discard waits for an Intelligence feeding"
    apply_feeding(s, s.turn, act, a[1])
    if s.asking >= 0:
        s.step = Step.BEFORE_EATING
    else:
        s.find_feeder = True
        s.step = Step.FEEDING


def _options_of_turn(s: State) -> list[Action]:
    return options(s, s.turn)


FLOW.step(Step.FEEDING)(feed_turn)
FLOW.add(
    Node(
        "feed",
        PHASE_INDEX["feed"],
        feed_choice,
        decisions=_options_of_turn,
        kinds=frozenset({"eat", "attack", "store", "pass"}),
        verb="feed a species: eat, attack or store fat",
        who="each player who can feed, in turn from the first",
        doc="seed 003 lines 122-155: in turn each player feeds one species; seed 004 line 61: a player who "
        "cannot feed is skipped",
    )
)
FLOW.add(
    Node(
        "discard",
        PHASE_INDEX["feed"],
        discard_for_intelligence,
        decisions=discard_choices,
        kinds=frozenset({"discard"}),
        verb="discard a card for Intelligence",
        who="the player feeding",
        doc="seed 004 line 57: Intelligence: 'you must first select a card to be discarded'",
    )
)
