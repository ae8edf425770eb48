"""The value of information on real Evo positions: Sixth Sense as perfect information about the next climate token.

**Decision problem.** A decision maker picks a plan ``a`` before nature draws a state ``θ`` with prior ``π(θ)``;
the payoff is ``u(a, θ)``. Without information the best plan maximises the expectation,
``V0 = max_a Σ_θ π(θ) u(a, θ)``; told ``θ`` first, the decision maker picks the best plan for each ``θ``,
``V1 = Σ_θ π(θ) max_a u(a, θ)``. The **expected value of perfect information** is ``EVPI = V1 − V0 ≥ 0`` (the
maximum of a sum is at most the sum of the maxima). Ties go to the first plan (the course convention).

>>> from fractions import Fraction as F
>>> d = DecisionProblem(("umbrella", "none"), ("rain", "dry"), (F(1, 3), F(2, 3)), ((F(2), F(1)), (F(0), F(3))))
>>> d.best_without(), d.value_without(), d.value_with(), d.evpi()
(1, Fraction(2, 1), Fraction(8, 3), Fraction(2, 3))

**Evo.** :func:`frozen_board_decision` builds this problem from a real position at a ``birth`` or ``move``
decision: plans are the player's legal actions (followed, where the owner has a choice, by which dinosaurs the
coming survival phase removes); ``θ`` is the next climate token with the exact prior of
:func:`evo_lab.games.evo2e.odds.climate_forecast` for a player who has not seen it; ``u`` is the MP the player scores at this
round's and the next round's scoring **if the board stays as it is after the action** (the *frozen-board model*:
no more moves, births, attacks or event cards until the next survival phase; the same assumption as
:func:`evo_lab.games.evo2e.odds.survival_risk` and the greedy bot's next-round term). A meteorite ends the game before the
next scoring. :func:`evo_lab.theory.information_play.information_in_play` measures the value of the information without that assumption: it
plays the game on twice with the same seeds, once with the Sixth Sense holder's bot seeing its peeks and once
blindfolded.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction

from ..games.evo2e import State
from ..games.evo2e.flow import BIRTH_PHASE, MOVEMENT
from .auction import TheoryError

__all__ = [
    "InformationError",
    "DecisionProblem",
    "TokenOutcome",
    "FrozenBoardDecision",
    "next_token_prior",
    "frozen_board_decision",
    "sixth_sense_holder",
]


class InformationError(TheoryError):
    """A decision problem or position that the value-of-information tools cannot use."""


@dataclass(frozen=True)
class DecisionProblem:
    """``payoff[a][θ]`` for plans ``actions`` and states ``states`` with exact ``prior`` (sums to 1)."""

    actions: tuple[str, ...]
    states: tuple[str, ...]
    prior: tuple[Fraction, ...]
    payoff: tuple[tuple[Fraction, ...], ...]

    def __post_init__(self) -> None:
        if not self.actions or not self.states:
            raise InformationError("a decision problem needs at least one plan and one state")
        if (
            len(self.prior) != len(self.states)
            or any(len(r) != len(self.states) for r in self.payoff)
            or len(self.payoff) != len(self.actions)
        ):
            raise InformationError(
                f"payoff must be {len(self.actions)} plans x {len(self.states)} states and the "
                f"prior {len(self.states)} probabilities"
            )
        if any(p < 0 for p in self.prior) or sum(self.prior) != 1:
            raise InformationError(
                f"the prior must be non-negative and sum to 1, got {[str(p) for p in self.prior]}"
            )
        exp = tuple(sum((p * u for p, u in zip(self.prior, row)), Fraction(0)) for row in self.payoff)
        object.__setattr__(self, "_expected", exp)

    def expected(self, a: int) -> Fraction:
        """``Σ_θ π(θ) u(a, θ)``: plan ``a``'s expected payoff without information."""
        return self._expected[a]  # type: ignore[attr-defined]

    def best_without(self) -> int:
        """The plan chosen without information (first on ties)."""
        vals = list(self._expected)  # type: ignore[attr-defined]
        return vals.index(max(vals))

    def best_with(self, state: int) -> int:
        """The plan chosen when state ``state`` is known (first on ties)."""
        col = [row[state] for row in self.payoff]
        return col.index(max(col))

    def value_without(self) -> Fraction:
        """``V0 = max_a Σ_θ π(θ) u(a, θ)``."""
        return self.expected(self.best_without())

    def value_with(self) -> Fraction:
        """``V1 = Σ_θ π(θ) max_a u(a, θ)``."""
        return sum((p * self.payoff[self.best_with(k)][k] for k, p in enumerate(self.prior)), Fraction(0))

    def evpi(self) -> Fraction:
        """``EVPI = V1 − V0`` (never negative)."""
        return self.value_with() - self.value_without()

    def regret(self) -> tuple[Fraction, ...]:
        """Per state, what the uninformed plan loses against the best plan for that state."""
        a0 = self.best_without()
        return tuple(self.payoff[self.best_with(k)][k] - self.payoff[a0][k] for k in range(len(self.states)))


# ---------------------------------------------------------------------------------------------- the prior
@dataclass(frozen=True)
class TokenOutcome:
    """One value of the next climate token: ``token`` id, wheel ``section`` after it (None: the meteorite)."""

    token: str
    section: int | None
    probability: Fraction


def sixth_sense_holder(state: State) -> int | None:
    """The player holding Sixth Sense, or None."""
    return next((p for p in range(state.players) if state.has(p, "sixth_sense")), None)


def _public_viewer(state: State) -> int:
    """A player who has not seen the next token (Sixth Sense is unique, so some player lacks it)."""
    return next(p for p in range(state.players) if not state.has(p, "sixth_sense"))


def next_token_prior(state: State) -> list[TokenOutcome]:
    """The exact distribution of the next climate token for a player who has not seen it, from
    :func:`evo_lab.games.evo2e.odds.climate_forecast` (the engine's lazy climate pile): the section after each regular token
    (probability ``reached × P(section)``) and the meteorite (``1 − reached``).

    >>> import evo_lab
    >>> s = evo_lab.Game(players=2, seed=1).new_initial_state_dealt()   # round 1: cw1 revealed, 11 tokens left
    >>> [(o.token, o.section, str(o.probability)) for o in next_token_prior(s)]
    [('cw2', 4, '2/11'), ('cw1', 3, '5/11'), ('stay', 2, '2/11'), ('ccw1', 1, '2/11')]
    """
    from ..games.evo2e.odds import climate_forecast

    if not isinstance(state, State):
        raise InformationError(f"expected an evo_lab State, got {type(state).__name__}")
    if state.is_terminal():
        raise InformationError("the game is over: there is no next climate token")
    g = state.game
    f = climate_forecast(state, 1, viewer=_public_viewer(state))
    out = []
    if f.rounds:
        by_shift = {s % g.n_sections: i for i, s in enumerate(g.token_shifts)}
        if len(by_shift) != len(g.token_shifts):
            raise InformationError(
                "two token kinds move the wheel to the same section: tokens are not identifiable"
            )
        for sec, p in sorted(
            f.sections[0].items(), key=lambda kv: by_shift[(kv[0] - f.current_section) % g.n_sections]
        ):
            out.append(
                TokenOutcome(
                    g.token_ids[by_shift[(sec - f.current_section) % g.n_sections]], sec, f.reached[0] * p
                )
            )
        met = 1 - f.reached[0]
    else:
        met = Fraction(1)
    if met:
        out.append(TokenOutcome("meteorite", None, met))
    return out


# ---------------------------------------------------------------------------------------------- frozen board
#: decisions that leave the board as it is (the frozen-board continuation): end a movement, decline a birth
#: or an event card
_FREEZE = ("end", "pass")


@dataclass
class FrozenBoardDecision:
    """A real decision under the frozen-board model (see the module docstring).

    ``problem``: payoff = MP the player scores at this round's and the next round's scoring;
    ``survivors[a][θ]``: the player's dinosaurs after the next survival phase (0 when the meteorite ends the game
    first; an expectation over the die after an attack); ``tokens``: the prior; ``plans``: (action string,
    dinosaurs per terrain left after this round's survival, empty after an attack); ``player``, ``round``."""

    problem: DecisionProblem
    survivors: tuple[tuple[Fraction, ...], ...]
    tokens: list[TokenOutcome]
    plans: list[tuple[str, tuple[int, ...]]]
    player: int
    round: int
    notes: list[str] = field(default_factory=list)

    def _live(self) -> tuple[list[tuple[int, Fraction]], Fraction]:
        live = [(k, o.probability) for k, o in enumerate(self.tokens) if o.section is not None]
        return live, sum((q for _, q in live), Fraction(0))

    def expected_survivors(self, a: int) -> Fraction:
        """Expected survivors of plan ``a`` at the next survival phase, given that it happens."""
        live, mass = self._live()
        return sum((q * self.survivors[a][k] for k, q in live), Fraction(0)) / mass if mass else Fraction(0)

    def survivors_without_information(self) -> Fraction:
        """:meth:`expected_survivors` of the plan chosen without information."""
        return self.expected_survivors(self.problem.best_without())

    def survivors_with_information(self) -> Fraction:
        """Expected survivors when each token's best plan is played (given the next survival phase happens)."""
        live, mass = self._live()
        best = self.problem.best_with
        return (
            sum((q * self.survivors[best(k)][k] for k, q in live), Fraction(0)) / mass
            if mass
            else Fraction(0)
        )

    def table(self) -> list[dict]:
        """Rows ``{"plan", "action", <token>: MP, ..., "expected"}`` (exact fractions)."""
        pr = self.problem
        return [
            {
                "plan": name,
                "action": act,
                **{o.token: pr.payoff[a][k] for k, o in enumerate(self.tokens)},
                "expected": pr.expected(a),
            }
            for a, (name, (act, _left)) in enumerate(zip(pr.actions, self.plans))
        ]


def _freeze(s: State, p: int, rnd: int) -> list[tuple[Fraction, list[State]]]:
    """Play ``s`` on to the scoring of round ``rnd`` with the board frozen: every movement ends, every birth and
    event card is declined, the others take their first legal removal. Returns one entry per chance outcome (an
    attack or killer-baby die, expanded with its exact probability): ``(probability, [end positions])``, one end
    position per distinct choice ``p`` can make in the survival phase (node ``survive``), counted by terrain."""
    t = s.clone()
    while not (t.is_terminal() or t.round > rnd):
        if t.is_chance_node():
            out: list[tuple[Fraction, list[State]]] = []
            for o, w in t.chance_outcomes():
                c = t.clone()
                c.apply_action(o)
                out.extend((w * q, ends) for q, ends in _freeze(c, p, rnd))
            return out
        if t.node_name() == "survive" and t.current_player() == p:
            return [(Fraction(1), _survival_choices(t, p, rnd))]
        acts = t.legal_actions()
        t.apply_action(next((x for x in acts if x.kind in _FREEZE), acts[0]))
    return [(Fraction(1), [t])]


def _survival_choices(t: State, p: int, rnd: int) -> list[State]:
    """The end positions of every removal order ``p`` may choose (one per distinct count per terrain); each
    set of removed dinosaurs is explored once."""
    ends: dict[tuple[int, ...], State] = {}  # the payoffs depend on the dinosaurs per terrain only
    seen: set[tuple[int, ...]] = set()
    todo = [t]
    while todo:
        u = todo.pop()
        for a in u.legal_actions():
            c = u.clone()
            c.apply_action(a)
            key = tuple(c.dinosaurs(p))
            if key in seen:
                continue
            seen.add(key)
            if c.node_name() == "survive" and c.current_player() == p and c.round == rnd:
                todo.append(c)
                continue
            sub = _freeze(c, p, rnd)
            if len(sub) != 1:  # pragma: no cover - the survival phase has no chance nodes
                raise InformationError("a chance node inside the survival phase")
            for e in sub[0][1]:
                ends.setdefault(_terrain_counts(e, p), e)
    return list(ends.values())


def _row(end: State, start: State, p: int, tokens: list[TokenOutcome]) -> tuple[list[Fraction], list[int]]:
    """MP ``p`` scores from ``start`` to this round's scoring plus, per token, at the next scoring; and the
    survivors of the next survival phase (its deaths from the public ``survival_groups`` under the token's
    section; 0 survivors and no scoring when the meteorite comes first)."""
    per = start.game.data.setup["mp_per_dinosaur"]
    now = end.mp[p] - start.mp[p]
    mps, alive = [], []
    for o in tokens:
        if o.section is None:
            mps.append(Fraction(now))
            alive.append(0)
        else:
            _groups, _allow, due = end.survival_groups(p, o.section)
            left = end.count[p] - due
            mps.append(Fraction(now + per * left))
            alive.append(left)
    return mps, alive


def frozen_board_decision(state: State, *, max_plans: int = 512) -> FrozenBoardDecision:
    """The decision of the player to act at a ``move`` or ``birth`` node as a :class:`DecisionProblem` about
    the next climate token, under the frozen-board model (module docstring). A plan is a legal action plus,
    where the owner has a choice, the dinosaurs kept in this round's survival phase (one choice per die
    outcome after an attack). The prior is :func:`next_token_prior`.

    >>> from evo_lab.theory.information_play import lesson_position
    >>> d = frozen_board_decision(lesson_position())
    >>> d.problem.states, [str(p) for p in d.problem.prior], str(d.problem.evpi())
    (('cw1', 'stay', 'ccw1'), ['1/2', '1/4', '1/4'], '1/4')
    """
    if not isinstance(state, State):
        raise InformationError(f"expected an evo_lab State, got {type(state).__name__}")
    if state.node_name() not in ("move", "birth") or state.phase not in (MOVEMENT, BIRTH_PHASE):
        raise InformationError(
            f"the frozen-board decision needs a 'move' or 'birth' decision; this position is at "
            f"{state.node_name()!r} ({state.phase_name()} phase)"
        )
    p, rnd = state.current_player(), state.round
    tokens = next_token_prior(state)
    names: list[str] = []
    rows: list[tuple[Fraction, ...]] = []
    surv: list[tuple[Fraction, ...]] = []
    plans: list[tuple[str, tuple[int, ...]]] = []
    memo: dict[tuple, list] = {}  # without a die, the payoffs depend on p's dinosaurs per terrain only
    for a in state.legal_actions():
        text = state.action_to_string(a)
        after = state.clone()
        after.apply_action(a)
        key = None if after.is_chance_node() else _terrain_counts(after, p)
        if key is None or key not in memo:
            branches = [
                (w, [(_row(e, state, p, tokens), e) for e in ends]) for w, ends in _freeze(after, p, rnd)
            ]
            if key is not None:
                memo[key] = branches
        else:
            branches = memo[key]
        combos = list(itertools.product(*[range(len(b[1])) for b in branches]))
        if len(rows) + len(combos) > max_plans:
            raise InformationError(f"more than {max_plans} plans at this position")
        for combo in combos:
            picked = [(w, b[k]) for (w, b), k in zip(branches, combo)]
            if len(picked) == 1:  # no die: the row as it is
                mp, al = list(picked[0][1][0][0]), [Fraction(x) for x in picked[0][1][0][1]]
            else:
                mp = [sum((w * r[0][0][j] for w, r in picked), Fraction(0)) for j in range(len(tokens))]
                al = [sum((w * r[0][1][j] for w, r in picked), Fraction(0)) for j in range(len(tokens))]
            ends = [r[1] for _w, r in picked]
            left = _terrain_counts(ends[0], p) if len(ends) == 1 else ()
            label = text if len(combos) == 1 else f"{text}, keep {' | '.join(_keep(e, p) for e in ends)}"
            names.append(label)
            rows.append(tuple(mp))
            surv.append(tuple(al))
            plans.append((text, left))
    problem = DecisionProblem(
        tuple(names), tuple(o.token for o in tokens), tuple(o.probability for o in tokens), tuple(rows)
    )
    notes = ["frozen board: no more moves, births, attacks or event cards before the next survival phase"]
    return FrozenBoardDecision(problem, tuple(surv), tokens, plans, p, rnd, notes)


def _terrain_counts(state: State, p: int) -> tuple[int, ...]:
    g = state.game
    c = [0] * len(g.data.terrains)
    for sp in state.dinosaurs(p):
        c[g.space_terrain[sp]] += 1
    return tuple(c)


def _keep(state: State, p: int) -> str:
    g = state.game
    return " ".join(g.labels[sp] for sp in state.dinosaurs(p))
