#!/usr/bin/env python3
"""Keep the teacher's guide (``docs/teaching/``) in step with the lessons.

Each lesson page ``docs/teaching/NN_name.md`` is written by hand (misconceptions, discussion questions, notes)
around three generated blocks, rewritten by this script from the sources that own them:

* ``objectives``: the lesson's learning objectives, read from the notebook;
* ``timing``: its timed plan, read from the notebook;
* ``answers``: the answer to every exercise, from the exercise checkers (``evo_lab.lessons.checks``), so the
  guide can never disagree with ``check``.

``docs/teaching/objectives.md`` is generated whole: every objective of every lesson (from the notebooks) with the
exercises and problems that assess it (the map ``docs/teaching/objectives_map.json``, written by hand).

    python scripts/gen_teaching.py            # rewrite the generated blocks and objectives.md
    python scripts/gen_teaching.py --check    # write nothing; exit 1 and name what is stale
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

NOTEBOOKS = ROOT / "notebooks"
TEACHING = ROOT / "docs" / "teaching"
MAP = TEACHING / "objectives_map.json"
OBJECTIVES = TEACHING / "objectives.md"
PROBLEMS = TEACHING / "problems.md"
BLOCK = re.compile(r"(<!-- begin generated: (\w+) -->\n)(.*?)(<!-- end generated: \2 -->)", re.DOTALL)


def lessons() -> list[Path]:
    """The lesson notebooks (``NN_name.ipynb``, or ``NNa_name.ipynb`` for a lesson split into parts)."""
    return sorted(p for p in NOTEBOOKS.glob("*.ipynb") if re.match(r"\d\d[a-z]?_", p.name))


def lesson_id(nb: Path) -> str:
    """``"04"``, or ``"07a"`` for a part: the prefix of the exercise ids of the lesson."""
    return nb.name.split("_", 1)[0]


def page_for(nb: Path) -> Path:
    return TEACHING / f"{nb.stem}.md"


def _first_markdown(nb: Path) -> str:
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    return "".join(next(c for c in cells if c["cell_type"] == "markdown")["source"])


def _markdown(nb: Path) -> list[str]:
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def title(nb: Path) -> str:
    return _first_markdown(nb).splitlines()[0].lstrip("# ").strip()


def objectives(nb: Path) -> list[str]:
    """The numbered learning objectives (a lesson that states them in one sentence has one)."""
    text = _first_markdown(nb)
    i = text.find("**Learning objectives.**")
    if i < 0:
        return []
    lines = text[i:].splitlines()
    found: list[list[str]] = []
    for ln in lines[1:]:
        m = re.match(r"^(\d+)\. (.*)", ln)
        if m:
            found.append([m.group(2)])
        elif found and ln.startswith("   ") and ln.strip():
            found[-1].append(ln.strip())
        elif found and not ln.strip():
            break
    if found:
        return [" ".join(o).rstrip(";.") for o in found]
    sentence = " ".join(lines[0].split("**Learning objectives.**", 1)[1].split())
    for ln in lines[1:]:
        if not ln.strip():
            break
        sentence += " " + ln.strip()
    return [sentence.replace("By the end you can ", "").rstrip(".")]


def plan(nb: Path) -> list[tuple[str, str]]:
    """``[(minutes, section)]`` from the plan table, or from a one-paragraph plan."""
    text = _first_markdown(nb)
    rows = re.findall(r"^\| ([0-9]+–[0-9]+) \| (.*?) \|$", text, flags=re.MULTILINE)
    if rows:
        return rows
    m = re.search(r"\*\*50-minute plan\.\*\* (.*?)(?:\n\n|$)", text, flags=re.DOTALL)
    if not m:
        return []
    parts = " ".join(m.group(1).split()).rstrip(".").split("; ")
    return [tuple(p.split(" ", 1)) for p in parts if re.match(r"[0-9]+–[0-9]+ ", p)]  # type: ignore[misc]


def prompts(nb: Path) -> dict[str, str]:
    """``{"NN.k": the first sentence of exercise k's prompt}``."""
    out = {}
    for md in _markdown(nb):
        for m in re.finditer(r"\*\*Exercise (\d+)\.\*\*\s*(.*?)(?=\n\n|\Z)", md, flags=re.DOTALL):
            sentences = re.split(r"(?<=[.?!])\s", " ".join(m.group(2).split()))
            question = next((x for x in sentences if x.endswith("?")), None)
            ask = sentences[0] if question in (None, sentences[0]) else f"{sentences[0]} {question}"
            out[f"{lesson_id(nb)}.{m.group(1)}"] = ask
    return out


def answer_text(ex: Any) -> str:
    """The expected answer of one exercise in words (a choice's letter is found from its digest)."""
    from evo_lab.lessons.checks import choice_digest, expected

    want = expected(ex.id)
    if ex.kind == "choice":
        letter = next((c for c in "abcdef" if choice_digest(ex.id, c) == want), "?")
        return f"({letter})"
    if ex.kind == "fraction":
        f = Fraction(want)
        return f"{f}" if f.denominator == 1 else f"{f} (about {float(f):.4f})"
    if ex.kind == "number":
        return f"{float(want):.4g} (accepted within {ex.tolerance:g})"
    if ex.kind in ("set", "sequence"):
        return ", ".join(str(w) for w in want) + (" (any order)" if ex.kind == "set" else " (in this order)")
    return str(want)


def blocks(nb: Path) -> dict[str, str]:
    """The generated blocks of one lesson's page."""
    from evo_lab.lessons.checks import exercises

    objs = "\n".join(f"{k}. {o}" for k, o in enumerate(objectives(nb), start=1)) + "\n"
    rows = plan(nb)
    timing = "| minutes | section |\n|---|---|\n" + "".join(f"| {a} | {b} |\n" for a, b in rows)
    asks = prompts(nb)
    ans = "| exercise | asks | answer |\n|---|---|---|\n"
    for ex in exercises(lesson_id(nb)):
        ask = asks.get(ex.id, "").replace("|", "\\|")
        ans += f"| {ex.id} | {ask} | {answer_text(ex).replace('|', '/')} |\n"
    return {"objectives": objs, "timing": timing, "answers": ans}


def render_page(nb: Path, text: str) -> str:
    """``text`` (a lesson page) with its generated blocks rewritten."""
    new = blocks(nb)
    seen = set()

    def sub(m: re.Match) -> str:
        seen.add(m.group(2))
        if m.group(2) not in new:
            raise ValueError(f"{page_for(nb).name}: unknown generated block {m.group(2)!r}")
        return m.group(1) + new[m.group(2)] + m.group(4)

    out = BLOCK.sub(sub, text)
    missing = set(new) - seen
    if missing:
        raise ValueError(f"{page_for(nb).name}: missing generated blocks {sorted(missing)}")
    return out


def problem_ids() -> set[str]:
    return set(re.findall(r"^### (P\d\d|B\d)\b", PROBLEMS.read_text(encoding="utf-8"), flags=re.MULTILINE))


def objectives_md() -> str:
    """``docs/teaching/objectives.md``: every objective with what assesses it."""
    mapping = json.loads(MAP.read_text(encoding="utf-8"))
    lines = [
        "# Objectives and what assesses them",
        "",
        "Generated by `python scripts/gen_teaching.py` from the lessons' learning objectives (the notebooks)",
        "and the map `docs/teaching/objectives_map.json`. An exercise `NN.k` is the auto-checked exercise k of",
        "lesson NN; `P..` and `B..` are the problems and bot assignments of [problems.md](problems.md).",
        "",
    ]
    for nb in lessons():
        num = lesson_id(nb)
        lines += [f"## {title(nb)}", "", "| # | objective | exercises | problems |", "|---|---|---|---|"]
        for k, obj in enumerate(objectives(nb), start=1):
            entry = mapping.get(num, {}).get(str(k), {})
            ex = ", ".join(entry.get("exercises", [])) or "-"
            pr = ", ".join(entry.get("problems", [])) or "-"
            lines.append(f"| {k} | {obj.replace('|', '/')} | {ex} | {pr} |")
        lines.append("")
    return "\n".join(lines)


def build() -> dict[Path, str]:
    """Every file this script writes, with its text."""
    files = {}
    for nb in lessons():
        page = page_for(nb)
        if not page.exists():
            raise FileNotFoundError(
                f"no teacher's page {page.relative_to(ROOT)} for {nb.name}: write it first"
            )
        files[page] = render_page(nb, page.read_text(encoding="utf-8"))
    files[OBJECTIVES] = objectives_md()
    return files


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if a generated part is stale")
    args = ap.parse_args(argv)
    files = build()
    stale = [p for p, t in files.items() if not p.exists() or p.read_text(encoding="utf-8") != t]
    if args.check:
        for p in stale:
            print("out of date:", p.relative_to(ROOT))
        return 1 if stale else 0
    for p in stale:
        p.write_text(files[p], encoding="utf-8")
        print("wrote", p.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
