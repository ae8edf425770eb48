"""``check(exercise, answer)``: tell a student whether an answer is right without showing the answer.

Every exercise of the lessons is registered here with a function that *recomputes* its answer from the engine
(so a transcribed die or token mix changes the expected answer with the lesson), a kind that says how answers
are compared, and a hint. Multiple-choice answers are stored only as SHA-256 digests. A check never prints,
returns or raises the expected answer.

>>> from evo_lab.lessons import check
>>> check("02.1", None)
02.1: no answer yet. Replace None with your answer and run the cell again.
>>> check("02.1", "1/6").correct
True
>>> r = check("02.1", 0.5); r.correct, "1/6" in repr(r)
(False, False)
>>> check("02.1", "0.167").correct, check("02.1", "0.2").correct   # a decimal as text: to within rounding
(True, False)
"""

from __future__ import annotations

import hashlib
import importlib
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = [
    "id_key",
    "Exercise",
    "CheckResult",
    "check",
    "exercise",
    "exercises",
    "expected",
    "facts",
    "choice_digest",
]


def _discover() -> tuple[str, ...]:
    from importlib import resources

    names = (f.name for f in resources.files("evo_lab.lessons.exercises").iterdir())
    return tuple(sorted(n[1:-3] for n in names if n.startswith("l") and n.endswith(".py")))


#: Lessons whose exercises live in ``evo_lab.lessons.exercises.l<NN>`` (found by listing that package).
LESSONS = _discover()
KINDS = ("fraction", "number", "integer", "choice", "text", "set", "sequence")


@dataclass(frozen=True)
class Exercise:
    """One exercise: ``id`` ("04.2"), ``kind`` (see :data:`KINDS`), ``solve()`` recomputes the answer (for
    ``choice``: returns the SHA-256 digest of the right letter), ``hint`` for a wrong answer, ``tolerance`` for
    decimals, ``facts()`` the numbers the collapsed worked solution quotes (checked by the lessons' tests)."""

    id: str
    kind: str
    solve: Callable[[], Any]
    hint: str
    tolerance: float = 0.0
    facts: Callable[[], dict[str, Any]] = field(default=lambda: {})

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"exercise {self.id}: unknown kind {self.kind!r} (one of {', '.join(KINDS)})")


_REGISTRY: dict[str, Exercise] = {}
_CACHE: dict[str, Any] = {}


def exercise(
    id: str,
    kind: str,
    hint: str,
    *,
    tolerance: float = 0.0,
    facts: Callable[[], dict[str, Any]] | None = None,
) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
    """Decorator registering ``solve`` as the answer of exercise ``id``."""

    def register(solve: Callable[[], Any]) -> Callable[[], Any]:
        _REGISTRY[id] = Exercise(id, kind, solve, hint, tolerance, facts or (lambda: {}))
        return solve

    return register


def _letter(answer: str) -> str:
    """A letter answer as typed, normalised: spaces, case and brackets around it ("(b)", "b)", "[b]") ignored."""
    return answer.strip().strip("()[]").strip().lower()


def choice_digest(exercise_id: str, letter: str) -> str:
    """The stored form of a multiple-choice answer (so the source does not give it away)."""
    return hashlib.sha256(f"{exercise_id}:{_letter(letter)}".encode()).hexdigest()


def id_key(exercise_id: str) -> tuple[int, str, int]:
    """Sort key of an exercise id: lesson number, part letter (a lesson split into parts, ``"07a.2"``), number.

    >>> sorted(["07b.1", "10.2", "07a.3", "07a.1", "02.1"], key=id_key)
    ['02.1', '07a.1', '07a.3', '07b.1', '10.2']
    """
    lesson, number = exercise_id.split(".")
    m = re.fullmatch(r"(\d+)([a-z]?)", lesson)
    if m is None:
        raise KeyError(f"exercise ids look like '04.2' or '07a.2', got {exercise_id!r}")
    return int(m[1]), m[2], int(number)


def _load(lesson: str) -> None:
    if lesson in LESSONS:
        importlib.import_module(f"evo_lab.lessons.exercises.l{lesson}")


def exercises(lesson: str | None = None) -> list[Exercise]:
    """The registered exercises (of one lesson, e.g. ``"03"``), in id order."""
    for les in LESSONS if lesson is None else (lesson,):
        _load(les)
    return sorted(
        (e for e in _REGISTRY.values() if lesson is None or e.id.split(".")[0] == lesson),
        key=lambda e: id_key(e.id),
    )


def _get(exercise_id: str) -> Exercise:
    _load(exercise_id.split(".")[0])
    try:
        return _REGISTRY[exercise_id]
    except KeyError:
        raise KeyError(
            f"no exercise {exercise_id!r}; known: {', '.join(e.id for e in exercises())}"
        ) from None


def expected(exercise_id: str) -> Any:
    """The answer the checker expects (for teachers and tests; cached)."""
    if exercise_id not in _CACHE:
        _CACHE[exercise_id] = _get(exercise_id).solve()
    return _CACHE[exercise_id]


def facts(exercise_id: str) -> dict[str, Any]:
    """The numbers the worked solution of ``exercise_id`` quotes, recomputed."""
    return dict(_get(exercise_id).facts())


def _fraction(x: Any) -> Fraction | None:
    if isinstance(x, bool):
        return None
    if isinstance(x, (int, Fraction)):
        return Fraction(x)
    if isinstance(x, str):
        t = x.strip().rstrip("%")
        try:
            f = Fraction(t)
        except (ValueError, ZeroDivisionError):
            return None
        return f / 100 if x.strip().endswith("%") else f
    return None


def _number(x: Any) -> float | None:
    f = _fraction(x)
    if f is not None:
        return float(f)
    try:
        v = float(x)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


def _same(kind: str, answer: Any, want: Any, tol: float, ex_id: str) -> bool:
    if kind == "choice":
        return isinstance(answer, str) and choice_digest(ex_id, answer) == want
    if kind == "fraction":
        f = _fraction(answer)
        if f is not None and (f == Fraction(want) or not (isinstance(answer, str) and "." in answer)):
            return f == Fraction(want)
        v = _number(answer)  # a float, or a decimal typed as text ("0.444"): compared to within rounding
        return v is not None and abs(v - float(want)) <= max(tol, 5e-4)
    if kind == "integer":
        v = _number(answer)
        return v is not None and float(v).is_integer() and int(v) == int(want)
    if kind == "number":
        v = _number(answer)
        return v is not None and abs(v - float(want)) <= tol
    if kind == "text":
        return isinstance(answer, str) and _norm(answer) == _norm(want)
    if kind == "set":
        try:
            return {_norm(a) for a in answer} == {_norm(w) for w in want}
        except TypeError:
            return False
    if kind == "sequence":
        try:
            return [_norm(a) for a in answer] == [_norm(w) for w in want]
        except TypeError:
            return False
    return False


def _norm(x: Any) -> Any:
    if isinstance(x, str):
        return " ".join(x.strip().lower().split())
    if isinstance(x, (list, tuple)):
        return tuple(_norm(y) for y in x)
    f = _fraction(x) if not isinstance(x, float) else None
    return f if f is not None else (round(x, 6) if isinstance(x, float) else x)


@dataclass(frozen=True)
class CheckResult:
    """What :func:`check` says: ``correct`` (``None`` when there was no answer) and a message without the
    expected answer."""

    exercise: str
    correct: bool | None
    message: str

    def __repr__(self) -> str:
        return self.message

    def _repr_markdown_(self) -> str:
        mark = {True: "**Right.**", False: "**Not yet.**", None: ""}[self.correct]
        return f"{mark} {self.message}".strip()


def check(exercise_id: str, answer: Any) -> CheckResult:
    """Compare ``answer`` with the engine's answer to ``exercise_id``; the result never shows that answer."""
    ex = _get(exercise_id)
    if answer is None or answer is Ellipsis:
        return CheckResult(
            ex.id, None, f"{ex.id}: no answer yet. Replace None with your answer and run the cell again."
        )
    ok = _same(ex.kind, answer, expected(ex.id), ex.tolerance, ex.id)
    if ok:
        return CheckResult(ex.id, True, f"{ex.id}: right. Compare your reasoning with the worked solution.")
    return CheckResult(ex.id, False, f"{ex.id}: not yet. Hint: {ex.hint}")
