"""Perft: the number of decision sequences of a given depth, counted by the engine (``legal_actions`` + ``clone``)
and by an INDEPENDENT enumerator written here from the rules (it never calls the engine's move generator and
carries its own card table). Development-phase perft (cards as animals or traits, the placement rules, passing)
and feeding-phase perft (food, attacks against the static defences, fat, piracy, grazing, hibernation, the turn
order and rounds). Both must agree, and the root move lists must be the same strings.

Reference: "A double-trait card is played as one of its two traits, chosen at play time." """

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest

from evo_lab.games.origin import build_position

# ---------------------------------------------------------------------------------------------------------------
# The card table as the reference lists it (§2), written again here on purpose.
FACES = {
    "pirate": ("pirate",),
    "pois/carn": ("pois", "carn"),
    "graze/fat": ("graze", "fat"),
    "mimic": ("mimic",),
    "scav": ("scav",),
    "swim": ("swim",),
    "hib/carn": ("hib", "carn"),
    "run": ("run",),
    "tail": ("tail",),
    "camo/fat": ("camo", "fat"),
    "big/carn": ("big", "carn"),
    "big/fat": ("big", "fat"),
    "para/carn": ("para", "carn"),
    "para/fat": ("para", "fat"),
    "burrow/fat": ("burrow", "fat"),
    "vision/fat": ("vision", "fat"),
    "symb": ("symb",),
    "comm/carn": ("comm", "carn"),
    "coop/fat": ("coop", "fat"),
    "coop/carn": ("coop", "carn"),
}
ORDER = list(FACES)  # the deck order of the card types
PAIRED, DIRECTED, STACKS, OPPONENT = {"comm", "coop", "symb"}, {"symb"}, {"fat"}, {"para"}
EXCLUDE = {"carn": "scav", "scav": "carn"}
EXTRA_FOOD = {"carn": 1, "big": 1, "para": 2}


@dataclass
class Dev:
    hands: list[Counter]
    rows: list[list[int]]
    traits: dict[int, Counter]
    links: set
    actor: int
    passed: list[bool]
    next_id: int

    def copy(self) -> Dev:
        return Dev(
            [Counter(h) for h in self.hands],
            [r[:] for r in self.rows],
            {k: Counter(v) for k, v in self.traits.items()},
            set(self.links),
            self.actor,
            self.passed[:],
            self.next_id,
        )


def dev_moves(p: Dev) -> list[str]:
    me = p.actor
    out = []
    for card in ORDER:
        if not p.hands[me][card]:
            continue
        out.append(f"animal {card}")
        for t in FACES[card]:
            if t in PAIRED:
                row = p.rows[me]
                for i, x in enumerate(row):
                    for y in row[i + 1 :]:
                        if any(k == t and {a, b} == {x, y} for k, a, b in p.links):
                            continue
                        out.append(f"trait {t} from {card} on A{x}+A{y}")
                        if t in DIRECTED:
                            out.append(f"trait {t} from {card} on A{y}+A{x}")
                continue
            targets = [x for q, r in enumerate(p.rows) if (q != me) == (t in OPPONENT) for x in r]
            for x in targets:
                tr = p.traits[x]
                if (tr[t] and t not in STACKS) or (t in EXCLUDE and tr[EXCLUDE[t]]):
                    continue
                out.append(f"trait {t} from {card} on A{x}")
    return out + ["pass"]


def dev_play(p: Dev, move: str) -> Dev:
    q = p.copy()
    me, w = q.actor, move.split()
    if w[0] == "pass":
        q.passed[me] = True
    elif w[0] == "animal":
        q.hands[me][w[1]] -= 1
        q.rows[me].append(q.next_id)
        q.traits[q.next_id] = Counter()
        q.next_id += 1
    else:
        t, card, on = w[1], w[3], [int(x[1:]) for x in w[5].split("+")]
        q.hands[me][card] -= 1
        if len(on) == 2:
            q.links.add((t, on[0], on[1]))
        else:
            q.traits[on[0]][t] += 1
    n = len(q.hands)
    for k in range(1, n + 1):  # the next player clockwise who has not passed; no cards: passes by himself
        x = (me + k) % n
        if q.passed[x]:
            continue
        if sum(q.hands[x].values()) == 0:
            q.passed[x] = True
            continue
        q.actor = x
        return q
    q.actor = -1  # the phase is over
    return q


def dev_perft(p: Dev, depth: int) -> int:
    if depth == 0 or p.actor < 0:
        return 1
    return sum(dev_perft(dev_play(p, m), depth - 1) for m in dev_moves(p))


def engine_perft(s, depth: int, phase: str) -> int:
    if depth == 0 or s.phase_name() != phase or s.is_chance_node() or s.is_terminal():
        return 1
    total = 0
    for a in s.legal_actions():
        t = s.clone()
        t.apply_action(a)
        total += engine_perft(t, depth - 1, phase)
    return total


def dev_model(rows: list[list[list[str]]], hands: list[str], links: list[tuple]) -> Dev:
    ids, traits, n = [], {}, 1
    for row in rows:
        ids.append([])
        for tr in row:
            ids[-1].append(n)
            traits[n] = Counter(tr)
            n += 1
    hc = [Counter(h.split()) for h in hands]
    p = Dev(hc, ids, traits, set(links), 0, [False] * len(rows), n)
    for x in range(len(rows)):  # the first player without cards passes by himself
        if sum(hc[x].values()):
            p.actor = x
            break
        p.passed[x] = True
    return p


DEV_CASES = [
    # (animal rows as trait lists, builder strings, hands, links as (trait, a, b), depth)
    (
        [[["carn"], []], [["scav"]]],
        ["$A carn, $B", "$C scav"],
        ["pois/carn scav coop/fat", "para/fat symb"],
        [],
        3,
    ),
    (
        [[["fat"], ["camo"], []], [[]]],
        ["$A fat, $B camo, $C", "$D"],
        ["symb coop/carn big/fat", "swim run"],
        [],
        3,
    ),
    (
        [[[], []], [["para"]], []],
        ["$A, $B", "$C para", ""],
        ["para/carn comm/carn", "tail", "symb hib/carn"],
        [("comm", 1, 2)],
        3,
    ),
]


@pytest.mark.parametrize("rows,animals,hands,links,depth", DEV_CASES)
def test_development_perft(rows, animals, hands, links, depth):
    players = len(rows)
    animals = list(animals)
    if links:  # the builder spells a paired trait as trait$Partner on the first animal
        k, a, b = links[0]
        animals[0] = animals[0].replace("$A", f"$A {k}$B", 1)
    s = build_position(players=players, phase="development", animals=animals, hands=hands)
    p = dev_model(rows, hands, links)
    assert [s.action_to_string(a) for a in s.legal_actions()] == dev_moves(p)
    for d in range(1, depth + 1):
        assert engine_perft(s, d, "development") == dev_perft(p, d), d


# ---------------------------------------------------------------------------------------------------------------
@dataclass
class Beast:
    traits: set
    red: int = 0
    fat: int = 0
    full: int = 0
    owner: int = 0
    attacked: bool = False
    pirated: bool = False
    grazed: int = -1
    asleep: bool = False

    @property
    def need(self) -> int:
        return 1 + sum(EXTRA_FOOD.get(t, 0) for t in self.traits)

    def fed(self) -> bool:
        return self.asleep or self.red >= self.need

    def room(self) -> int:
        return 0 if self.asleep else self.need - self.red + self.fat - self.full

    def take(self, k: int) -> None:
        to_need = max(0, min(k, self.need - self.red))
        self.red += to_need
        self.full = min(self.fat, self.full + k - to_need)


@dataclass
class Feed:
    beasts: dict[int, Beast]
    rows: list[list[int]]
    bank: int
    actor: int
    first: int = 0
    passed: list = field(default_factory=list)
    acted: bool = False
    ate: bool = False
    round: int = 1

    def copy(self) -> Feed:
        return Feed(
            {
                k: Beast(
                    set(b.traits), b.red, b.fat, b.full, b.owner, b.attacked, b.pirated, b.grazed, b.asleep
                )
                for k, b in self.beasts.items()
            },
            [r[:] for r in self.rows],
            self.bank,
            self.actor,
            self.first,
            self.passed[:],
            self.acted,
            self.ate,
            self.round,
        )


def can_hit(c: Beast, t: Beast) -> bool:
    if "camo" in t.traits and "vision" not in c.traits:
        return False
    if "big" in t.traits and "big" not in c.traits:
        return False
    if ("swim" in t.traits) != ("swim" in c.traits):
        return False
    return not ("burrow" in t.traits and t.fed())


def feed_moves(p: Feed, who: int | None = None) -> tuple[list[str], bool]:
    me = p.actor if who is None else who
    B = p.beasts
    mine = p.rows[me]
    out = []
    if not p.ate and p.bank > 0:
        out += [f"eat A{x}" for x in mine if B[x].room() > 0]
    for x in mine:
        b = B[x]
        if "carn" in b.traits and not p.ate and not b.attacked and b.room() > 0:
            out += [f"attack A{x} A{y}" for r in p.rows for y in r if y != x and can_hit(b, B[y])]
        if "fat" in b.traits and not p.ate and b.full and not b.fed():
            out += [f"fat A{x} {k}" for k in range(1, min(b.full, b.need - b.red) + 1)]
        if "pirate" in b.traits and not b.pirated and b.room() > 0 and not b.fed():
            out += [f"pirate A{x} A{y}" for r in p.rows for y in r if y != x and B[y].red and not B[y].fed()]
        if "graze" in b.traits and p.bank > 0 and b.grazed != p.round:
            out.append(f"graze A{x}")
        if "hib" in b.traits and b.room() > 0:
            out.append(f"hibernate A{x}")
    real = bool(out)
    return out + (["end"] if p.acted else ["pass"]), real


def feed_play(p: Feed, move: str) -> Feed:
    q = p.copy()
    w = move.split()
    ids = [int(x[1:]) for x in w[1:] if x.startswith("A")]
    B = q.beasts
    if w[0] == "eat":
        q.bank -= 1
        B[ids[0]].take(1)
        q.ate = q.acted = True
    elif w[0] == "attack":
        c = B[ids[0]]
        c.attacked = True
        q.ate = q.acted = True
        prey = B.pop(ids[1])
        q.rows[prey.owner].remove(ids[1])
        c.take(2)
    elif w[0] == "fat":
        b, k = B[ids[0]], int(w[2])
        b.full -= k
        b.red += k
        q.ate = q.acted = True
    elif w[0] == "pirate":
        B[ids[1]].red -= 1
        B[ids[0]].pirated = True
        B[ids[0]].take(1)
        q.acted = True
    elif w[0] == "graze":
        q.bank -= 1
        B[ids[0]].grazed = q.round
        q.acted = True
    elif w[0] == "hibernate":
        B[ids[0]].asleep = True
        q.acted = True
    elif w[0] == "pass":
        q.passed[q.actor] = True
    if w[0] not in ("end", "pass") and feed_moves(q)[1]:
        return q
    n = len(q.rows)
    q.acted = q.ate = False
    x = q.actor
    for _ in range(n):
        x = (x + 1) % n
        if x == q.first:
            q.round += 1
        if not q.passed[x] and feed_moves(q, x)[1]:
            q.actor = x
            return q
    q.actor = -1
    return q


def feed_perft(p: Feed, depth: int) -> int:
    if depth == 0 or p.actor < 0:
        return 1
    return sum(feed_perft(feed_play(p, m), depth - 1) for m in feed_moves(p)[0])


def feed_model(rows: list[list[tuple]], bank: int) -> Feed:
    beasts, ids, n = {}, [], 1
    for q, row in enumerate(rows):
        ids.append([])
        for tr, red, fat, full in row:
            beasts[n] = Beast(set(tr), red, fat, full, q)
            ids[-1].append(n)
            n += 1
    return Feed(beasts, ids, bank, 0, 0, [False] * len(rows))


FEED_CASES = [
    (
        [
            [(("carn",), 0, 1, 0), (("graze",), 0, 0, 0), (("pirate", "big"), 0, 0, 0)],
            [(("camo",), 1, 0, 0), (("burrow",), 0, 0, 0), (("big",), 1, 0, 0)],
        ],
        ["$A carn fat, $B graze, $C pirate big", "$D camo +, $E burrow, $F big +"],
        3,
        5,
    ),
    (
        [
            [(("carn", "vision"), 0, 0, 0), (("hib", "fat"), 0, 1, 1)],
            [(("swim", "carn"), 0, 0, 0), (("swim",), 0, 0, 0)],
            [(("fat", "big"), 1, 2, 2), ((), 0, 0, 0)],
        ],
        ["$A carn vision, $B hib fat+", "$C swim carn, $D swim", "$E big + fat+ fat+, $F"],
        4,
        4,
    ),
]


PINNED_FEED = [8, 32, 81]


@pytest.mark.parametrize("rows,animals,bank,depth", FEED_CASES)
def test_feeding_perft(rows, animals, bank, depth):
    s = build_position(players=len(rows), animals=animals, bank=bank, deck=20)
    p = feed_model(rows, bank)
    assert [s.action_to_string(a) for a in s.legal_actions()] == feed_moves(p)[0]
    for d in range(1, depth + 1):
        assert engine_perft(s, d, "feeding") == feed_perft(p, d), d


def test_perft_counts_are_pinned():
    """The counts of the first development and feeding cases (a change of the rules moves them: then both counters
    must still agree and the pins are updated on purpose)."""
    rows, animals, hands, links, _ = DEV_CASES[0]
    assert [dev_perft(dev_model(rows, hands, links), d) for d in (1, 2, 3)] == [11, 69, 556]
    rows, animals, bank, _ = FEED_CASES[0]
    assert [feed_perft(feed_model(rows, bank), d) for d in (1, 2, 3)] == PINNED_FEED
