"""The lessons: answer checks, committed notebooks clean and complete, quoted numbers printed, public API only."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from evo_lab.lessons.checks import check, exercises, expected, facts

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
sys.path.insert(0, str(ROOT / "scripts"))
from clean_notebooks import clean, dumps  # noqa: E402


def _cells(nb_path):
    return json.loads(nb_path.read_text(encoding="utf-8"))["cells"]


def test_every_lesson_has_3_to_6_checked_exercises():
    for nb in NOTEBOOKS:
        lesson = nb.name[:2]
        ids = {e.id for e in exercises(lesson)}
        assert 3 <= len(ids) <= 6, (nb.name, ids)
        code = "\n".join("".join(c["source"]) for c in _cells(nb) if c["cell_type"] == "code")
        md = "\n".join("".join(c["source"]) for c in _cells(nb) if c["cell_type"] == "markdown")
        for i in ids:
            assert f'check("{i}", answer)' in code, (nb.name, i)
        assert md.count("<details>") >= len(ids), nb.name
        for head in ("Learning objectives", "Prerequisites", "50-minute plan"):
            assert head in md, (nb.name, head)


@pytest.mark.parametrize("ex", [e.id for e in exercises() if e.id.split(".")[0] in ("02", "03", "04", "06", "07", "08")])
def test_check_accepts_the_engine_answer_and_hides_it(ex):
    e = next(x for x in exercises() if x.id == ex)
    want = expected(ex)
    if e.kind == "choice":
        letter = next(c for c in "abcd" if check(ex, c).correct)
        assert check(ex, letter).correct
        return
    right = check(ex, str(want) if e.kind == "fraction" else want)
    assert right.correct is True
    wrong = check(ex, -12345)
    assert wrong.correct is False
    assert str(want) not in wrong.message.replace(ex, "").replace(e.hint, "")
    assert check(ex, None).correct is None


def test_check_rejects_unknown_exercise_and_compares_kinds():
    with pytest.raises(KeyError):
        check("99.9", 1)
    assert check("02.1", "1/6").correct and check("02.1", 1 / 6).correct and not check("02.1", "1/3").correct
    assert check("05.5", "  Determinize ").correct and not check("05.5", "clone").correct


#: Numbers the text *gives* rather than computes: the course conventions (95%, z = 1.96, UCB1's c = 0.7) and the
#: data of exercise statements. Everything else quoted must be printed or recomputed by the checker.
GIVEN = {"95%", "1.96", "0.7", "0.9", "90%", "0.5", "50%", "60%", "0.25", "1/4", "0.8", "0.3", "0.2", "0.01", "5/6",
         "0.05", "1/2", "0.60", "3/6"}
NUM = re.compile(r"(?<![\w.])(\d+/\d+|\d+\.\d+|\d+(?:\.\d+)?%)(?![\w/])")


def _strip(md: str) -> str:
    md = re.sub(r"\$\$.*?\$\$", " ", md, flags=re.S)
    md = re.sub(r"\$[^$]*\$", " ", md)
    md = re.sub(r"```.*?```", " ", md, flags=re.S)
    md = re.sub(r"`[^`]*`", " ", md)
    md = re.sub(r"^>.*$", " ", md, flags=re.M)          # rulebook quotations
    return md


def _outputs(cells) -> str:
    parts = []
    for c in cells:
        for o in c.get("outputs", []):
            parts.append("".join(o.get("text", "")))
            for k, v in o.get("data", {}).items():
                if k.startswith("text/"):
                    parts.append("".join(v) if isinstance(v, list) else str(v))
    return "\n".join(parts)


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_numbers_quoted_in_markdown_are_printed(nb):
    """Every fraction, decimal and percentage in the Markdown (outside math, code and rulebook quotes) is printed by
    the notebook or recomputed by the lesson's exercise checker (``facts``/``expected``)."""
    cells = _cells(nb)
    out = _outputs(cells)
    known = set()
    for e in exercises(nb.name[:2]):
        if e.kind != "choice":
            known.add(str(expected(e.id)))
        for v in facts(e.id).values():
            known.update(str(x) for x in (v if isinstance(v, tuple) else (v,)))
    missing = []
    for c in cells:
        if c["cell_type"] != "markdown":
            continue
        for num in NUM.findall(_strip("".join(c["source"]))):
            if num not in out and num not in known and num not in GIVEN:
                missing.append(num)
    assert not missing, f"{nb.name}: numbers in the text that the notebook does not print: {sorted(set(missing))}"


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_committed_notebooks_are_clean_and_have_outputs(nb):
    text = nb.read_text(encoding="utf-8")
    assert dumps(clean(json.loads(text))) == text, f"run scripts/clean_notebooks.py on {nb.name}"
    cells = json.loads(text)["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert all(c["source"] for c in cells), "empty cell"
    assert sum(1 for c in code if c["outputs"]) >= len(code) - 1, f"{nb.name} is saved without outputs"
    assert "IPython.core.display.SVG object" not in text and "Explorer(children=" not in text


def test_lessons_use_the_public_api_only():
    pattern = re.compile(r"\.\s*_[a-z]\w*|\b(?:state|st|s|pos)\.(?:occ|count|section|revealed|order|mp_left|actor|"
                         r"hands|bids|paid|frenzy|next_token)\b")
    for nb in NOTEBOOKS:
        for c in _cells(nb):
            if c["cell_type"] == "code":
                src = "".join(c["source"])
                assert not pattern.search(src), (nb.name, pattern.search(src).group(0))


def test_clean_script_check_mode():
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "clean_notebooks.py"), "--check"], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stdout
