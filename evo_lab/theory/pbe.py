"""Perfect Bayesian equilibria of signalling games with two sender types, exactly (Fudenberg and Tirole, *Game
Theory*, 1991, ch. 8; Osborne 2004, ch. 10; Cho and Kreps 1987 for the intuitive criterion).

**The game.** Nature draws the sender's type ``t`` (``types[0]`` with probability ``prior``); the sender sees it
and sends a message ``m``; the receiver sees ``m`` (not ``t``) and chooses an action ``a``; payoffs
``sender[t, m, a]`` and ``receiver[t, m, a]``.

**Perfect Bayesian equilibrium** (for signalling games, Fudenberg and Tirole, Definition 8.1): a strategy for
each sender type, one for the receiver after each message, and a **belief** ``mu(m)`` (the probability of
``types[0]`` after ``m``) such that

1. each type's message is a best reply to the receiver's strategy;
2. after *every* message the receiver's action is a best reply to its belief (sequential rationality, also off
   the equilibrium path);
3. after a message some type sends (*on the path*) the belief follows from the prior and the strategies by
   Bayes' rule; after a message no type sends (*off the path*) it may be any probability.

A pure equilibrium is **separating** when the two types send different messages (the receiver learns the type)
and **pooling** when they send the same one (it learns nothing). In a **hybrid** (semi-separating) equilibrium
one type mixes between two messages.

**The intuitive criterion** (Cho and Kreps 1987). Take an equilibrium with payoffs ``u*(t)`` and an off-path
message ``m``. A type is *equilibrium-dominated* at ``m`` if even the receiver's most favourable reply to ``m``
(over all replies that are best for some belief) gives it less than ``u*(t)``. If after ruling those types out
some other type would gain from ``m`` against *every* reply that is best for a belief on the remaining types, the
equilibrium fails the criterion: its off-path belief put weight on a type that could never want to send ``m``.

>>> g = beer_quiche()
>>> [(e.kind, e.sender) for e in g.pure_equilibria()]
[('pooling', {'strong': 'beer', 'weak': 'beer'}), ('pooling', {'strong': 'quiche', 'weak': 'quiche'})]
>>> [r.fails for e in g.pure_equilibria() for r in g.intuitive_criterion(e)]
[False, True]
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .auction import TheoryError

__all__ = ["PBE", "Hybrid", "ICReport", "PBEError", "SignallingGame", "beer_quiche"]


class PBEError(TheoryError):
    """A signalling game that is not well formed (a missing payoff, a prior outside [0, 1], not two types)."""


@dataclass(frozen=True)
class PBE:
    """A pure perfect Bayesian equilibrium: ``sender[type] = message``, ``receiver[message] = action``,
    ``beliefs[message]``: the probability of the first type (a fraction on the path; off the path the interval
    ``(low, high)`` of beliefs that make the receiver's action a best reply)."""

    kind: str
    sender: dict[str, str]
    receiver: dict[str, str]
    beliefs: dict[str, Any]
    payoffs: dict[str, Fraction]

    def off_path(self) -> list[str]:
        return [m for m, b in self.beliefs.items() if isinstance(b, tuple)]


@dataclass(frozen=True)
class Hybrid:
    """A semi-separating equilibrium: ``mixer`` sends ``shared`` with probability ``q`` and ``alone`` otherwise;
    the other type always sends ``shared``; after ``shared`` (belief ``mu``) the receiver plays ``actions[0]``
    with probability ``r`` and ``actions[1]`` otherwise; after ``alone`` it plays ``alone_action``."""

    mixer: str
    shared: str
    alone: str
    q: Fraction
    mu: Fraction
    actions: tuple[str, str]
    r: Fraction
    alone_action: str
    payoffs: dict[str, Fraction]


@dataclass(frozen=True)
class ICReport:
    """The intuitive criterion at one off-path ``message``: the equilibrium-dominated types, whether the
    equilibrium ``fails`` and why (in words)."""

    message: str
    dominated: tuple[str, ...]
    fails: bool
    reason: str


@dataclass(frozen=True)
class SignallingGame:
    """A signalling game with two sender types (see the module docstring); payoffs keyed ``(type, message,
    action)``."""

    types: tuple[str, str]
    prior: Fraction
    messages: tuple[str, ...]
    actions: tuple[str, ...]
    sender: Mapping[tuple[str, str, str], Fraction]
    receiver: Mapping[tuple[str, str, str], Fraction]

    def __post_init__(self) -> None:
        if len(self.types) != 2:
            raise PBEError(f"this solver takes exactly two sender types, got {list(self.types)}")
        p = Fraction(self.prior)
        if not 0 < p < 1:
            raise PBEError(f"the prior of {self.types[0]} must be strictly between 0 and 1, got {self.prior}")
        object.__setattr__(self, "prior", p)
        for t, m, a in itertools.product(self.types, self.messages, self.actions):
            if (t, m, a) not in self.sender or (t, m, a) not in self.receiver:
                raise PBEError(f"no payoff for type {t!r}, message {m!r}, action {a!r}")

    @classmethod
    def from_table(
        cls,
        types: Sequence[str],
        prior: Any,
        messages: Sequence[str],
        actions: Sequence[str],
        payoffs: Mapping[tuple[str, str, str], tuple[Any, Any]],
    ) -> SignallingGame:
        """From ``payoffs[(type, message, action)] = (sender's, receiver's)``."""
        if len(types) != 2:
            raise PBEError(f"this solver takes exactly two sender types, got {list(types)}")
        return cls(
            (types[0], types[1]),
            Fraction(prior),
            tuple(messages),
            tuple(actions),
            {k: Fraction(v[0]) for k, v in payoffs.items()},
            {k: Fraction(v[1]) for k, v in payoffs.items()},
        )

    # ----- the receiver
    def value(self, m: str, a: str, mu: Fraction) -> Fraction:
        """The receiver's expected payoff of ``a`` after ``m`` with belief ``mu`` in the first type."""
        t0, t1 = self.types
        return mu * self.receiver[(t0, m, a)] + (1 - mu) * self.receiver[(t1, m, a)]

    def best_replies(self, m: str, mu: Any) -> list[str]:
        mu = Fraction(mu)
        vals = {a: self.value(m, a, mu) for a in self.actions}
        return [a for a in self.actions if vals[a] == max(vals.values())]

    def belief_interval(self, m: str, a: str) -> tuple[Fraction, Fraction] | None:
        """The beliefs ``mu`` in ``[0, 1]`` at which ``a`` is a best reply to ``m``: an interval (the value of
        each action is linear in ``mu``), or ``None``."""
        lo, hi = Fraction(0), Fraction(1)
        t0, t1 = self.types
        for b in self.actions:
            d0 = self.receiver[(t0, m, a)] - self.receiver[(t0, m, b)]
            d1 = self.receiver[(t1, m, a)] - self.receiver[(t1, m, b)]
            # need mu d0 + (1 - mu) d1 >= 0, i.e. mu (d0 - d1) >= -d1
            if d0 == d1:
                if d1 < 0:
                    return None
            elif d0 > d1:
                lo = max(lo, Fraction(-d1, 1) / (d0 - d1))
            else:
                hi = min(hi, Fraction(-d1, 1) / (d0 - d1))
        return (lo, hi) if lo <= hi else None

    def replies_to_some_belief(self, m: str, types: Sequence[str]) -> list[str]:
        """The actions that are a best reply to ``m`` for some belief concentrated on ``types``."""
        if len(types) == 2:
            return [a for a in self.actions if self.belief_interval(m, a) is not None]
        mu = Fraction(int(types[0] == self.types[0]))
        return self.best_replies(m, mu)

    # ----- pure equilibria
    def _bayes(self, sender: dict[str, str], m: str) -> Fraction | None:
        t0, t1 = self.types
        w0 = self.prior if sender[t0] == m else Fraction(0)
        w1 = (1 - self.prior) if sender[t1] == m else Fraction(0)
        return None if w0 + w1 == 0 else w0 / (w0 + w1)

    def pure_equilibria(self) -> list[PBE]:
        """Every pure perfect Bayesian equilibrium (each message's action and, off the path, the beliefs that
        support it)."""
        out = []
        for msgs in itertools.product(self.messages, repeat=2):
            sender = dict(zip(self.types, msgs))
            for acts in itertools.product(self.actions, repeat=len(self.messages)):
                receiver = dict(zip(self.messages, acts))
                beliefs = self._support(sender, receiver)
                if beliefs is None:
                    continue
                pay = {t: self.sender[(t, sender[t], receiver[sender[t]])] for t in self.types}
                if any(self.sender[(t, m, receiver[m])] > pay[t] for t in self.types for m in self.messages):
                    continue
                kind = "separating" if msgs[0] != msgs[1] else "pooling"
                out.append(PBE(kind, sender, receiver, beliefs, pay))
        return out

    def _support(self, sender: dict[str, str], receiver: dict[str, str]) -> dict[str, Any] | None:
        beliefs: dict[str, Any] = {}
        for m in self.messages:
            mu = self._bayes(sender, m)
            if mu is not None:
                if receiver[m] not in self.best_replies(m, mu):
                    return None
                beliefs[m] = mu
            else:
                iv = self.belief_interval(m, receiver[m])
                if iv is None:
                    return None
                beliefs[m] = iv
        return beliefs

    # ----- hybrid equilibria
    def hybrid_equilibria(self) -> list[Hybrid]:
        """Semi-separating equilibria of a game with two messages and two actions: one type mixes, the other
        sends the shared message for sure, the receiver mixes after the shared message (so its belief there is
        its indifference point) and best-replies to the mixer's type after the other message."""
        if len(self.messages) != 2 or len(self.actions) != 2:
            raise PBEError("hybrid equilibria are computed for two messages and two actions")
        out = []
        a0, a1 = self.actions
        for mixer, shared in itertools.product(self.types, self.messages):
            other = self.types[1 - self.types.index(mixer)]
            alone = next(m for m in self.messages if m != shared)
            found = self._hybrid(mixer, other, shared, alone, a0, a1)
            if found is not None:
                out.append(found)
        return out

    def _hybrid(self, mixer: str, other: str, shared: str, alone: str, a0: str, a1: str) -> Hybrid | None:
        t0, _ = self.types
        d0 = self.receiver[(t0, shared, a0)] - self.receiver[(t0, shared, a1)]
        d1 = self.receiver[(self.types[1], shared, a0)] - self.receiver[(self.types[1], shared, a1)]
        if d0 == d1:
            return None
        mu = Fraction(-d1) / (d0 - d1)  # receiver indifferent after the shared message
        if not 0 < mu < 1:
            return None
        p_mix = self.prior if mixer == t0 else 1 - self.prior
        p_oth = 1 - p_mix
        mu_mixer = mu if mixer == t0 else 1 - mu  # belief in the mixer's type after shared
        if mu_mixer >= p_mix:  # q = p_oth mu_mixer / (p_mix (1 - mu_mixer)) must be < 1
            return None
        q = p_oth * mu_mixer / (p_mix * (1 - mu_mixer))
        lone = self.best_replies(alone, Fraction(int(mixer == t0)))
        if len(lone) != 1:
            return None
        la = lone[0]
        u0, u1 = self.sender[(mixer, shared, a0)], self.sender[(mixer, shared, a1)]
        target = self.sender[(mixer, alone, la)]
        if u0 == u1:
            return None
        r = (target - u1) / (u0 - u1)  # mixer indifferent between its two messages
        if not 0 <= r <= 1:
            return None
        other_shared = r * self.sender[(other, shared, a0)] + (1 - r) * self.sender[(other, shared, a1)]
        if other_shared < self.sender[(other, alone, la)]:
            return None
        return Hybrid(mixer, shared, alone, q, mu, (a0, a1), r, la, {mixer: target, other: other_shared})

    # ----- the intuitive criterion
    def intuitive_criterion(self, eq: PBE) -> list[ICReport]:
        """The intuitive criterion at each off-path message of ``eq`` (an empty list for a separating equilibrium
        with every message used)."""
        out = []
        for m in eq.off_path():
            any_reply = self.replies_to_some_belief(m, self.types)
            dominated = tuple(
                t for t in self.types if max(self.sender[(t, m, a)] for a in any_reply) < eq.payoffs[t]
            )
            if not dominated:
                out.append(
                    ICReport(m, (), False, f"no type is equilibrium-dominated at {m!r}: no restriction")
                )
                continue
            if len(dominated) == 2:
                out.append(
                    ICReport(
                        m,
                        dominated,
                        False,
                        f"every type is equilibrium-dominated at {m!r}: "
                        "the criterion puts no restriction on the belief",
                    )
                )
                continue
            rest = [t for t in self.types if t not in dominated]
            replies = self.replies_to_some_belief(m, rest)
            gainers = [t for t in rest if min(self.sender[(t, m, a)] for a in replies) > eq.payoffs[t]]
            if gainers:
                t = gainers[0]
                worst = min(self.sender[(t, m, a)] for a in replies)
                out.append(
                    ICReport(
                        m,
                        dominated,
                        True,
                        f"{', '.join(dominated)} can never gain from {m!r} (its best reply payoff is "
                        f"below its equilibrium {eq.payoffs[dominated[0]]}); believing {t} after "
                        f"{m!r}, the receiver replies {'/'.join(replies)} and {t} gets at least "
                        f"{worst} > {eq.payoffs[t]}: it would deviate",
                    )
                )
            else:
                out.append(
                    ICReport(
                        m,
                        dominated,
                        False,
                        f"{', '.join(dominated)} ruled out at {m!r}, but "
                        f"{', '.join(rest)} does not gain against every reply",
                    )
                )
        return out


def beer_quiche(prior_strong: Any = Fraction(9, 10)) -> SignallingGame:
    """Cho and Kreps's (1987) beer-quiche game: the sender is strong (prefers beer) or weak (prefers quiche), gets
    1 for its favourite breakfast and 2 more if the receiver does not duel; the receiver gets 1 for duelling a weak
    sender or for not duelling a strong one, 0 otherwise."""
    pay: dict[tuple[str, str, str], tuple[int, int]] = {}
    for t, m, a in itertools.product(("strong", "weak"), ("beer", "quiche"), ("duel", "not")):
        fav = (t == "strong") == (m == "beer")
        s = int(fav) + (2 if a == "not" else 0)
        r = int((a == "duel") == (t == "weak"))
        pay[(t, m, a)] = (s, r)
    return SignallingGame.from_table(
        ("strong", "weak"), prior_strong, ("beer", "quiche"), ("duel", "not"), pay
    )
