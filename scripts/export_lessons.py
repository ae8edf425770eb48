#!/usr/bin/env python3
"""Export the committed lesson notebooks to static HTML in ``docs/lessons/``, outputs as committed (no re-execution).

    python scripts/export_lessons.py            # write docs/lessons/NN_name.html, docs/lessons/manifest.json, docs/lessons.md
    python scripts/export_lessons.py --check    # write nothing; exit 1 and name what is out of date

Each ``notebooks/NN_name.ipynb`` becomes ``docs/lessons/NN_name.html`` (nbconvert's ``lab`` template; its 260 kB of
CSS, the same for every page, go once into ``docs/lessons/lessons.css``). nbconvert shows the richest output it can render: for a chart that is the PNG twin that
``evo_lab.lessons.show`` stores beside plotly's JSON (nbconvert does not draw plotly's mime type), for a board its
SVG, for a widget the static stand-in of ``show_widget``. The export refuses a notebook with an output that would
come out blank: a plotly chart without a PNG twin, a live widget view without a stand-in, an untrusted-SVG repr.

Freshness: the HTML carries ``<meta name="evo-lab-source" content="notebooks/NN_name.ipynb sha256=...">`` and
``manifest.json`` lists, per lesson, the SHA-256 of the notebook and of its HTML, with the nbconvert version and
template. ``tests/lessons/test_lessons.py`` checks the hashes against the committed files and, when its nbconvert is the
manifest's, regenerates every page and compares it byte for byte (the export is deterministic).

``docs/lessons.md`` is generated too: the course map of ``notebooks/README.md`` with a link to each exported
lesson and to its notebook, and the course's conventions.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

from evo_lab.core.atomic import atomic_write_text

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
OUT = ROOT / "docs" / "lessons"
MANIFEST = OUT / "manifest.json"
STYLE = OUT / "lessons.css"
STYLE_LINK = '<link rel="stylesheet" href="lessons.css">\n'

INDEX = ROOT / "docs" / "lessons.md"
TEMPLATE = "lab"
PLOTLY = "application/vnd.plotly.v1+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
STATIC = ("text/html", "text/markdown", "image/svg+xml", "image/png", "image/jpeg", "text/latex")


#: A lesson notebook's name: ``NN_name.ipynb``, or ``NNa_name.ipynb`` for part a of a lesson split into parts.
LESSON_NAME = r"\d\d[a-z]?_"


def lesson_key(path: Path) -> str:
    """The lesson's key in the course map and in its exercise ids: ``"07"``, or ``"07a"`` for a part."""
    return path.name.split("_")[0]


def lessons() -> list[Path]:
    """The lesson notebooks, in course order (``NN_name.ipynb``, ``NNa_name.ipynb``)."""
    return sorted(p for p in NOTEBOOKS.glob("*.ipynb") if re.match(LESSON_NAME, p.name))


def sha256(data: bytes | str) -> str:
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()


def blank_outputs(nb: dict) -> list[str]:
    """Outputs that a static renderer would show as nothing or as a repr: ``["cell 7: ...", ...]``."""
    problems = []
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    for k, cell in enumerate(code, start=1):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if PLOTLY in data and "image/png" not in data:
                problems.append(
                    f"code cell {k}: a plotly chart without its PNG twin (use evo_lab.lessons.show)"
                )
            if WIDGET_VIEW in data and not any(m in data for m in STATIC):
                problems.append(f"code cell {k}: a live widget without a static stand-in (use show_widget)")
            text = "".join(data.get("text/plain", ""))
            if "IPython.core.display.SVG object" in text or re.search(r"\w+\(children=\(", text):
                problems.append(f"code cell {k}: a repr instead of a picture: {text[:60]!r}")
    return problems


def split_style(html: str) -> tuple[str, str]:
    """The page with the ``<style>`` blocks of its head replaced by one link to ``lessons.css``, and that CSS.

    nbconvert's template inlines the same 260 kB of JupyterLab CSS into every page; the export keeps one copy."""
    head_end = html.index("</head>")
    blocks = re.findall(r"<style[^>]*>.*?</style>\n?", html[:head_end], flags=re.S)
    if not blocks:
        return html, ""
    first = html.index(blocks[0])
    css = "".join(re.sub(r"^<style[^>]*>|</style>\n?$", "", b) + "\n" for b in blocks)
    head = html[:head_end]
    for b in blocks:
        head = head.replace(b, "", 1)
    head = head[:first] + STYLE_LINK + head[first:]
    return head + html[head_end:], css


def render_page(path: Path) -> tuple[str, str]:
    """The page of one committed notebook and its CSS (deterministic for one nbconvert version)."""
    return split_style(render(path))


def render(path: Path) -> str:
    """The self-contained HTML page of one committed notebook (deterministic for one nbconvert version)."""
    import nbformat
    from nbconvert import HTMLExporter

    text = path.read_text(encoding="utf-8")
    problems = blank_outputs(json.loads(text))
    if problems:
        raise ValueError(f"{path.name}: " + "; ".join(problems))
    nb = nbformat.reads(text, as_version=4)
    nb.metadata.pop("widgets", None)
    title = next(
        (
            ln[2:].strip()
            for c in nb.cells
            if c.cell_type == "markdown"
            for ln in c.source.splitlines()
            if ln.startswith("# ")
        ),
        path.stem,
    )
    body, _resources = HTMLExporter(template_name=TEMPLATE).from_notebook_node(
        nb, resources={"metadata": {"name": title}}
    )
    meta = (
        f'<meta name="evo-lab-source" content="notebooks/{path.name} sha256={sha256(text)}">\n'
        '<meta name="generator" content="scripts/export_lessons.py (nbconvert, outputs as committed)">\n'
    )
    return body.replace("<head>", "<head>\n" + meta, 1)


def _course_map() -> tuple[list[str], dict[str, list[str]], list[str]]:
    """The header cells, the rows by lesson number, and the convention paragraphs of ``notebooks/README.md``."""
    lines = (NOTEBOOKS / "README.md").read_text(encoding="utf-8").splitlines()
    rows = [
        [c.strip() for c in ln.strip().strip("|").split("|")]
        for ln in lines
        if ln.startswith("|") and not re.match(r"^\|[\s|:-]+\|$", ln)
    ]
    conventions: list[str] = []
    for ln in lines:
        if ln.startswith("**") and "convention" in ln.split(".")[0].lower():
            conventions.append(ln.strip())
        elif conventions and ln.strip() and not ln.startswith(("**", "#", "|", "*")) and conventions[-1]:
            conventions[-1] += " " + ln.strip()
        elif conventions and conventions[-1]:
            conventions.append("")
    return rows[0], {r[0]: r for r in rows[1:]}, [c for c in conventions if c]


def title_of(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    for c in nb["cells"]:
        for ln in "".join(c["source"]).splitlines():
            if c["cell_type"] == "markdown" and ln.startswith("# "):
                return ln[2:].strip()
    return path.stem


def index_md(paths: list[Path]) -> str:
    """``docs/lessons.md``: the course map with links to the exported lessons and the notebooks."""
    header, rows, conventions = _course_map()
    lines = [
        "# Lessons",
        "",
        f"{len(paths)} lessons of 50 minutes each, as notebooks (`notebooks/`, run them in JupyterLab: `evo-lab lab`) and as",
        "static pages exported with their outputs (`docs/lessons/`, readable without Python; charts are the PNG",
        "twins of the interactive plotly figures, widgets their static stand-ins). Each lesson opens with learning",
        "objectives, prerequisites and a timed plan, defines its terms where it first uses them, and ends with 3-6",
        'exercises: predict, then `check("NN.k", answer)` (right or a hint, never the answer), then a folded worked',
        "solution. The course map and the workflow are in [notebooks/README.md](../notebooks/README.md).",
        "",
        "| " + " | ".join(header + ["read", "run"]) + " |",
        "|" + "---|" * (len(header) + 2),
    ]
    for p in paths:
        num = lesson_key(p)
        row = rows.get(num) or [num, title_of(p)] + [""] * (len(header) - 2)
        links = [f"[{p.stem}.html](lessons/{p.stem}.html)", f"[{p.name}](../notebooks/{p.name})"]
        lines.append("| " + " | ".join(row[: len(header)] + links) + " |")
    missing = sorted(set(rows) - {lesson_key(p) for p in paths})
    if missing:
        lines += ["", "Planned, not written yet: " + ", ".join(f"{n} {rows[n][1]}" for n in missing) + "."]
    lines += (
        ["", "## Conventions", ""]
        + [x for c in conventions for x in (c, "")]
        + [
            "## Keeping the pages fresh",
            "",
            "`python scripts/run_lessons.py notebooks/NN_*.ipynb` re-executes a notebook and saves its outputs (cleaned);",
            "`python scripts/export_lessons.py` rewrites `docs/lessons/`, `docs/lessons/manifest.json` and this page.",
            "`tests/lessons/test_lessons.py` fails when a page is older than its notebook (SHA-256 in the manifest and in the",
            "page's `evo-lab-source` meta tag), and `pytest --nbval notebooks` fails when a committed output differs from",
            "a fresh run.",
            "",
        ]
    )
    return "\n".join(lines)


def manifest(paths: list[Path], pages: dict[str, str], css: str) -> str:
    import nbconvert

    entries = [
        {
            "notebook": f"notebooks/{p.name}",
            "html": f"docs/lessons/{p.stem}.html",
            "notebook_sha256": sha256(p.read_bytes()),
            "html_sha256": sha256(pages[p.stem]),
        }
        for p in paths
    ]
    return (
        json.dumps(
            {
                "generator": "scripts/export_lessons.py",
                "nbconvert": nbconvert.__version__,
                "template": TEMPLATE,
                "stylesheet": "docs/lessons/lessons.css",
                "stylesheet_sha256": sha256(css),
                "lessons": entries,
            },
            indent=1,
        )
        + "\n"
    )


def build(paths: list[Path] | None = None) -> dict[Path, str]:
    """Every file the export writes, with its text."""
    paths = paths or lessons()
    rendered = {p.stem: render_page(p) for p in paths}
    styles = {css for _html, css in rendered.values()}
    if len(styles) != 1:
        raise ValueError("the pages do not share one stylesheet: export them with one nbconvert template")
    pages = {stem: html for stem, (html, _css) in rendered.items()}
    files = {OUT / f"{stem}.html": html for stem, html in pages.items()}
    files[STYLE] = styles.pop()
    files[MANIFEST] = manifest(paths, pages, files[STYLE])
    files[INDEX] = index_md(paths)
    return files


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if an exported file is stale")
    args = ap.parse_args(argv)
    files = build()
    stale = [f for f, text in files.items() if not f.exists() or f.read_text(encoding="utf-8") != text]
    extra = sorted((set(OUT.glob("*.html")) | set(OUT.glob("*.css"))) - set(files))
    if args.check:
        for f in stale + extra:
            print("out of date:" if f in stale else "no notebook for:", f.relative_to(ROOT))
        return 1 if stale or extra else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for f in stale:
        atomic_write_text(f, files[f])
        print("wrote", f.relative_to(ROOT))
    for f in extra:
        f.unlink()
        print("removed", f.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
