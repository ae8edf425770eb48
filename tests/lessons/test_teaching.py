"""The teacher's guide (docs/teaching): a page per lesson with fresh generated parts, every objective mapped to
what assesses it, a problem bank whose problems all have solutions and rubrics and whose engine numbers hold."""

from __future__ import annotations

import json
import re
import sys
from fractions import Fraction as F
from pathlib import Path

import pytest


def _root() -> Path:
    return next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").is_file())


ROOT = _root()
sys.path.insert(0, str(ROOT / "scripts"))
import gen_teaching

TEACHING = ROOT / "docs" / "teaching"
PROBLEMS = (TEACHING / "problems.md").read_text(encoding="utf-8")


def test_every_lesson_has_a_page_with_fresh_generated_parts():
    for nb in gen_teaching.lessons():
        page = gen_teaching.page_for(nb)
        assert page.exists(), f"no teacher's page for {nb.name}"
        text = page.read_text(encoding="utf-8")
        for head in ("## Common misconceptions", "## Discussion questions", "## Answers to the exercises"):
            assert head in text, (page.name, head)
    stale = [p for p, t in gen_teaching.build().items() if p.read_text(encoding="utf-8") != t]
    assert not stale, f"run scripts/gen_teaching.py: {[p.name for p in stale]}"


def test_every_objective_appears_in_the_map_with_an_assessment():
    from evo_lab.lessons.checks import exercises

    mapping = json.loads((TEACHING / "objectives_map.json").read_text(encoding="utf-8"))
    objectives_md = (TEACHING / "objectives.md").read_text(encoding="utf-8")
    problems = gen_teaching.problem_ids()
    used: set[str] = set()
    for nb in gen_teaching.lessons():
        num = gen_teaching.lesson_id(nb)
        objs = gen_teaching.objectives(nb)
        assert objs, f"{nb.name}: no learning objectives found"
        assert set(mapping.get(num, {})) == {str(k) for k in range(1, len(objs) + 1)}, (
            f"{nb.name}: map the objectives"
        )
        known = {e.id for e in exercises(num)}
        for k, obj in enumerate(objs, start=1):
            assert obj.replace("|", "/") in objectives_md, (nb.name, obj)
            entry = mapping[num][str(k)]
            assert entry.get("exercises") or entry.get("problems"), (
                f"{nb.name} objective {k}: nothing assesses it"
            )
            assert set(entry.get("exercises", [])) <= known, (nb.name, k, entry)
            assert set(entry.get("problems", [])) <= problems, (nb.name, k, entry)
            used |= set(entry.get("exercises", []))
        assert known <= used, f"{nb.name}: exercises that assess no objective: {sorted(known - used)}"


def test_every_problem_has_a_solution_and_a_rubric():
    sections = re.split(r"\n(?=### )", PROBLEMS)
    ids = gen_teaching.problem_ids()
    assert {f"P{k:02d}" for k in range(1, 22)} <= ids and {"B1", "B2", "B3"} <= ids
    for sec in sections:
        m = re.match(r"### (P\d\d|B\d)\b", sec)
        if not m:
            continue
        if m.group(1).startswith("P"):
            assert "**Solution.**" in sec and "**Rubric.**" in sec, m.group(1)
        else:
            assert "**Worked solution.**" in sec, m.group(1)
    assert "Each assignment's mark out of 10" in PROBLEMS


def test_problem_bank_numbers():
    from evo_lab.stats import wilson_interval
    from evo_lab.theory.bayes_nash import first_price_bid, wallet_profit
    from evo_lab.theory.contest import DOVE, HAWK, Contest, Plan, contest_game
    from evo_lab.theory.pbe import beer_quiche
    from evo_lab.theory.refinements import correlated_equilibrium, solve_zero_sum
    from evo_lab.theory.repeated import StageGame, grim_threshold, random_path_threshold

    assert round(wilson_interval(0, 20)[1], 3) == 0.161  # P01
    assert abs(first_price_bid(0.9, 2, cdf=lambda x: x * x) - 0.6) < 1e-6  # P05
    assert wallet_profit(4, "naive") == F(-1, 10) and wallet_profit(4, "equilibrium") == F(1, 5)  # P06
    pd = StageGame.from_rows([[3, 0], [5, 1]], [[3, 5], [0, 1]], ["C", "D"], ["C", "D"])
    assert random_path_threshold(pd, [("C", "C")])[0] == F(1, 2)  # P12
    (h,) = beer_quiche(F(1, 5)).hybrid_equilibria()  # P13
    assert (h.q, h.mu, h.r) == (F(1, 4), F(1, 2), F(1, 2))
    value, x, _ = solve_zero_sum([[3, -4], [-2, -1]])  # P14
    assert (value, x[0]) == (F(-11, 8), F(1, 8))
    chicken = StageGame.from_rows([[0, 7], [2, 6]], [[0, 2], [7, 6]], ["D", "C"], ["D", "C"])
    ce = correlated_equilibrium(chicken)
    assert (ce[("D", "C")], ce[("C", "C")]) == (F(1, 4), F(1, 2))
    g = contest_game(Contest(plans=(HAWK, DOVE, Plan("Climber", "climbing", "pop"))))  # P15
    assert [[str(v) for v in r] for r in g.payoffs] == [["1", "5", "1"], ["7/2", "4", "4"], ["7", "4", "4"]]
    verdict = g.ess(g.pure(2))
    assert not verdict.stable and "Dove can drift in" in verdict.reason
    for d in (F(0), F(1, 2), F(3, 4)):  # Hawk: 1 + 4d
        assert g.against((0, d, 1 - d))[0] == 1 + 4 * d
    assert grim_threshold(0, 3, F(4, 3), 0) == F(9, 13)  # P16, v = 4
    d4 = {a + b: 0 for a in range(1, 5) for b in range(1, 5)}  # P18
    for a in range(1, 5):
        for b in range(1, 5):
            d4[a + b] += 1
    assert F(sum(c for t, c in d4.items() if t >= 6), 16) == F(3, 8)
    assert F(sum(1 for t in range(1, 7) if t + 2 >= 6), 6) == F(1, 2)
    assert F(5, 2) == 2 * F(16 - 1, 12)
    n = next(n for n in range(1, 2000) if 1.96 * (0.24 / n) ** 0.5 <= 0.05)  # P19
    assert n == 369


def test_p17_quotes_lesson_17s_vial():
    from evo_lab.lessons.exercises.l17 import equilibrium_shade, vial_reference

    ref = vial_reference()
    assert f"{ref.mean():.3f}" == "1.498" and f"{ref.std(ddof=1):.3f}" == "3.273"
    assert f"{equilibrium_shade(4):.2f}" == "0.88"
    for number in ("1.498", "3.273", "0.88"):
        assert number in PROBLEMS


@pytest.mark.parametrize(
    "block,game,players,opponents",
    [("Forager", "origin", 3, ["greedy", "random"]), ("Thrifty", "evo2e", 4, None)],
)
def test_reference_bots_of_the_assignments_load_and_play_legally(tmp_path, block, game, players, opponents):
    import grade_bot

    code = next(
        c for c in re.findall(r"```python\n(.*?)```", PROBLEMS, flags=re.DOTALL) if f"class {block}" in c
    )
    path = tmp_path / f"{block.lower()}.py"
    path.write_text(code, encoding="utf-8")
    report = grade_bot.grade(path, game=game, games=players, seed=5, players=players, opponents=opponents)
    assert report.grade != "F", report.note
    assert report.games == players


def test_b1_quotes_the_sample_bots_grades():
    import grade_bot

    sample = ROOT / "examples" / "trait_collector.py"
    greedy = grade_bot.grade(sample, game="evolution", games=60, seed=1)
    assert (greedy.grade, greedy.wins, f"{greedy.low:.3f}", f"{greedy.high:.3f}") == (
        "C",
        27,
        "0.331",
        "0.575",
    )
