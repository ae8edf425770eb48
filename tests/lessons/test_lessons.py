"""The lessons: answer checks, committed notebooks clean and complete, quoted numbers printed, public API only."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from evo_lab.lessons.checks import check, exercises, expected, facts

ROOT = Path(__file__).resolve().parents[2]
#: Every notebook (kept clean, strict nbval markers) and the lessons among them (``NN_name.ipynb``, or
#: ``NNa_name.ipynb`` for a part of a lesson split into parts: exercises,
#: exported pages); a launcher such as ``present.ipynb`` (the presentation page) is not a lesson.
ALL_NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
NOTEBOOKS = [p for p in ALL_NOTEBOOKS if re.match(r"\d\d[a-z]?_", p.name)]
sys.path.insert(0, str(ROOT / "scripts"))
from clean_notebooks import clean, dumps  # noqa: E402


def _cells(nb_path):
    return json.loads(nb_path.read_text(encoding="utf-8"))["cells"]


def test_every_lesson_has_3_to_6_checked_exercises():
    for nb in NOTEBOOKS:
        lesson = nb.name.split("_")[0]
        ids = {e.id for e in exercises(lesson)}
        assert 3 <= len(ids) <= 6, (nb.name, ids)
        code = "\n".join("".join(c["source"]) for c in _cells(nb) if c["cell_type"] == "code")
        md = "\n".join("".join(c["source"]) for c in _cells(nb) if c["cell_type"] == "markdown")
        for i in ids:
            assert f'check("{i}", answer)' in code, (nb.name, i)
        assert md.count("<details>") >= len(ids), nb.name
        for head in ("Learning objectives", "Prerequisites", "50-minute plan"):
            assert head in md, (nb.name, head)


@pytest.mark.parametrize("ex", [e.id for e in exercises()])
def test_check_accepts_the_engine_answer_and_hides_it(ex):
    e = next(x for x in exercises() if x.id == ex)
    want = expected(ex)
    if e.kind == "choice":
        right = [c for c in "abcd" if check(ex, c).correct]
        assert len(right) == 1, right
        assert check(ex, right[0].upper()).correct and check(ex, None).correct is None
        return
    right = check(ex, str(want) if e.kind == "fraction" else want)
    assert right.correct is True
    wrong = check(ex, -12345)
    assert wrong.correct is False
    assert str(want) not in wrong.message.replace(ex, "").replace(e.hint, "")
    assert str(want) not in right.message.replace(ex, "")
    assert check(ex, None).correct is None


def test_check_rejects_unknown_exercise_and_compares_kinds():
    with pytest.raises(KeyError):
        check("99.9", 1)
    assert check("02.1", "1/6").correct and check("02.1", 1 / 6).correct and not check("02.1", "1/3").correct
    assert check("05.5", "  Determinize ").correct and not check("05.5", "clone").correct


#: Numbers the text *gives* rather than computes: the course conventions (95%, z = 1.96, UCB1's c = 0.7) and the
#: data of exercise statements. Everything else quoted must be printed or recomputed by the checker.
GIVEN = {
    "95%",
    "1.96",
    "0.7",
    "0.9",
    "90%",
    "0.5",
    "50%",
    "60%",
    "0.25",
    "1/4",
    "0.8",
    "0.3",
    "0.2",
    "0.01",
    "5/6",
    "0.05",
    "1/2",
    "0.60",
    "3/6",
    "0.1",
}
NUM = re.compile(r"(?<![\w.])(\d+/\d+|\d+\.\d+|\d+(?:\.\d+)?%)(?![\w/])")


def _strip(md: str) -> str:
    md = re.sub(r"\$\$.*?\$\$", " ", md, flags=re.S)
    md = re.sub(r"\$[^$]*\$", " ", md)
    md = re.sub(r"```.*?```", " ", md, flags=re.S)
    md = re.sub(r"`[^`]*`", " ", md)
    md = re.sub(r"^>.*$", " ", md, flags=re.M)  # rulebook quotations
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


def _details(md: str) -> str:
    """The worked solutions of a Markdown cell, math included (their arithmetic is printed too)."""
    body = " ".join(re.findall(r"<details>.*?</details>", md, flags=re.S))
    body = re.sub(r"```.*?```", " ", body, flags=re.S)
    return re.sub(r"`[^`]*`", " ", body)


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_numbers_quoted_in_markdown_are_printed(nb):
    """Every fraction, decimal and percentage in the Markdown (outside math, code and rulebook quotes; in the folded
    worked solutions also inside math) is printed by the notebook itself, and so is every number the exercise
    checker recomputes for a worked solution (``facts``)."""
    cells = _cells(nb)
    out = _outputs(cells)
    missing = []
    for c in cells:
        if c["cell_type"] != "markdown":
            continue
        md = "".join(c["source"])
        for num in NUM.findall(_strip(md)) + NUM.findall(_details(md)):
            if num not in out and num not in GIVEN:
                missing.append(num)
    assert not missing, (
        f"{nb.name}: numbers in the text that the notebook does not print: {sorted(set(missing))}"
    )
    unprinted = {
        e.id: v
        for e in exercises(nb.name.split("_")[0])
        for v in facts(e.id).values()
        for v in (v if isinstance(v, tuple) else (v,))
        if str(v) not in out
    }
    assert not unprinted, f"{nb.name}: worked-solution numbers only the checker computes: {unprinted}"


@pytest.mark.parametrize("nb", ALL_NOTEBOOKS, ids=[p.name for p in ALL_NOTEBOOKS])
def test_committed_notebooks_are_clean_and_have_outputs(nb):
    text = nb.read_text(encoding="utf-8")
    assert dumps(clean(json.loads(text))) == text, f"run scripts/clean_notebooks.py on {nb.name}"
    cells = json.loads(text)["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert all(c["source"] for c in cells), "empty cell"
    assert sum(1 for c in code if c["outputs"]) >= len(code) - 1, f"{nb.name} is saved without outputs"
    assert "IPython.core.display.SVG object" not in text and "Explorer(children=" not in text


def test_lessons_use_the_public_api_only():
    pattern = re.compile(
        r"\.\s*_[a-z]\w*|\b(?:state|st|s|pos)\.(?:occ|count|section|revealed|order|mp_left|actor|"
        r"hands|bids|paid|frenzy|next_token)\b"
    )
    for nb in NOTEBOOKS:
        for c in _cells(nb):
            if c["cell_type"] == "code":
                src = "".join(c["source"])
                assert not pattern.search(src), (nb.name, pattern.search(src).group(0))


def test_clean_script_check_mode():
    r = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "clean_notebooks.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stdout


# --- strict nbval: every output not marked NBVAL_IGNORE_OUTPUT is compared with a fresh run -----------------------

#: The markers nbval reads. It recognises a marker only when the comment line holds nothing else, so a line such as
#: ``# NBVAL_IGNORE_OUTPUT (reason)`` is silently not a marker.
NBVAL_MARKERS = {"NBVAL_IGNORE_OUTPUT", "NBVAL_CHECK_OUTPUT", "NBVAL_RAISES_EXCEPTION"}


def test_notebooks_run_under_strict_nbval_with_the_sanitizer():
    import tomllib

    opts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"][
        "addopts"
    ].split()
    assert "--nbval" in opts and "--nbval-lax" not in opts, opts
    make = (ROOT / "Makefile").read_text()
    notebook_line = next(ln for ln in make.splitlines() if "pytest" in ln and "notebooks" in ln)
    assert "--nbval-lax" not in notebook_line and "--dist loadfile" in notebook_line
    cfg = (ROOT / "notebooks" / "nbval_sanitize.cfg").read_text()
    pairs = re.findall(r"^regex: (.*)$\n^replace: (.*)$", cfg, flags=re.M)
    assert pairs, "no sanitizer pairs"
    for pattern, _ in pairs:
        re.compile(pattern)
    sample = "P1: 51 MP, 8 dinosaurs on B4; round 5: section 1: 1/4; 10 games, seed 5; 1.000 [0.912, 1.000]"
    for pattern, repl in pairs:  # no sanitizer may hide a lesson's numbers
        assert re.sub(pattern, repl, sample) == sample, pattern
    assert re.sub(pairs[0][0], pairs[0][1], "<f at 0x7f3a2c1b9d30>") != "<f at 0x7f3a2c1b9d30>"


def test_plotly_template_is_left_out_of_the_comparison_and_nothing_else():
    import importlib.util

    spec = importlib.util.spec_from_file_location("notebooks_conftest", ROOT / "notebooks" / "conftest.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    fig = {
        "data": [{"type": "bar", "y": [1, 2]}],
        "layout": {"title": {"text": "t"}, "template": {"layout": {}}},
    }
    outs = [
        {"output_type": "display_data", "data": {mod.PLOTLY: fig, "text/plain": "[chart: t]"}},
        {"output_type": "stream", "name": "stdout", "text": "1/6\n"},
    ]
    cleaned = mod.without_plotly_template(outs)
    assert cleaned[0]["data"][mod.PLOTLY] == {
        "data": [{"type": "bar", "y": [1, 2]}],
        "layout": {"title": {"text": "t"}},
    }
    assert (
        cleaned[1] == outs[1] and "template" in outs[0]["data"][mod.PLOTLY]["layout"]
    )  # originals untouched


@pytest.mark.parametrize("nb", ALL_NOTEBOOKS, ids=[p.name for p in ALL_NOTEBOOKS])
def test_nbval_markers_are_bare_and_only_widget_cells_are_ignored(nb):
    for k, c in enumerate(c for c in _cells(nb) if c["cell_type"] == "code"):
        lines = "".join(c["source"]).splitlines()
        marks = [ln for ln in lines if "NBVAL" in ln]
        for ln in marks:
            assert ln.strip().lstrip("#").strip() in NBVAL_MARKERS, (nb.name, k, ln)
        if any("NBVAL_IGNORE_OUTPUT" in ln for ln in marks):
            src = "\n".join(lines)
            reason = lines[1].strip().startswith("# (") if len(lines) > 1 else False
            assert "show_widget(" in src or reason, (
                f"{nb.name} code cell {k}: an ignored cell must display a widget or say why on its second line"
            )


# --- exported lessons --------------------------------------------------------------------------------------------

import export_lessons  # noqa: E402


def _manifest():
    return json.loads((ROOT / "docs" / "lessons" / "manifest.json").read_text(encoding="utf-8"))


def test_every_lesson_is_exported_from_its_committed_notebook():
    entries = {e["notebook"]: e for e in _manifest()["lessons"]}
    assert sorted(entries) == [f"notebooks/{p.name}" for p in export_lessons.lessons()], (
        "run scripts/export_lessons.py"
    )
    for name, e in entries.items():
        nb_bytes = (ROOT / name).read_bytes()
        html = (ROOT / e["html"]).read_text(encoding="utf-8")
        assert export_lessons.sha256(nb_bytes) == e["notebook_sha256"], f"{e['html']} is older than {name}"
        assert export_lessons.sha256(html) == e["html_sha256"], f"{e['html']} was edited by hand"
        assert f'content="{name} sha256={e["notebook_sha256"]}"' in html
    assert sorted((ROOT / "docs" / "lessons").glob("*.html")) == sorted(
        ROOT / e["html"] for e in entries.values()
    )
    css = (ROOT / "docs" / "lessons" / "lessons.css").read_text(encoding="utf-8")
    assert export_lessons.sha256(css) == _manifest()["stylesheet_sha256"], "lessons.css was edited by hand"


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_export_regenerates_byte_for_byte_and_shows_every_figure(nb):
    """Every chart, board and widget of the committed notebook has a static form, and the page shows it."""
    nbdict = json.loads(nb.read_text(encoding="utf-8"))
    assert export_lessons.blank_outputs(nbdict) == []
    outs = [o for c in nbdict["cells"] if c["cell_type"] == "code" for o in c["outputs"]]
    charts = sum(1 for o in outs if "application/vnd.plotly.v1+json" in o.get("data", {}))
    pngs_only = sum(
        1
        for o in outs
        if "image/png" in o.get("data", {}) and not {"image/svg+xml", "text/html"} & set(o.get("data", {}))
    )
    html = (ROOT / "docs" / "lessons" / f"{nb.stem}.html").read_text(encoding="utf-8")
    assert html.count("<img ") >= pngs_only >= charts
    assert "application/vnd.plotly" not in html and "IPython.core.display" not in html
    import nbconvert

    man = _manifest()
    if (man["nbconvert"], man["template"]) != (nbconvert.__version__, export_lessons.TEMPLATE):
        pytest.skip(f"pages made with nbconvert {man['nbconvert']}, this is {nbconvert.__version__}")
    page, css = export_lessons.render_page(nb)
    assert page == html, f"run scripts/export_lessons.py ({nb.name})"
    assert css == (ROOT / "docs" / "lessons" / "lessons.css").read_text(encoding="utf-8")
    assert '<link rel="stylesheet" href="lessons.css">' in html and "<style" not in html.split("</head>")[0]


def test_lessons_page_is_generated_and_linked_from_the_kit():
    page = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    assert page == export_lessons.index_md(export_lessons.lessons()), "run scripts/export_lessons.py"
    for p in NOTEBOOKS:
        assert f"(lessons/{p.stem}.html)" in page and f"(../notebooks/{p.name})" in page
    assert "(lessons.md)" in (ROOT / "docs" / "kit.md").read_text(encoding="utf-8")


def test_blank_outputs_names_a_chart_without_its_twin():
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "outputs": [
                    {
                        "output_type": "display_data",
                        "data": {"application/vnd.plotly.v1+json": {}, "text/plain": "[chart]"},
                    }
                ],
            }
        ]
    }
    assert "without its PNG twin" in export_lessons.blank_outputs(nb)[0]
