"""No file of the repository keeps a merge's conflict markers (an earlier merge left three docs pages with them)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^(<{7} |>{7} |={7}$)", re.MULTILINE)
TEXT = {".md", ".py", ".toml", ".json", ".ipynb", ".css", ".js", ".txt", ".cfg", ".html", ".yml", ".yaml", ""}


def tracked_files() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / line for line in out.splitlines() if Path(line).suffix in TEXT]


def test_no_conflict_markers():
    found = []
    for path in tracked_files():
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for m in MARKER.finditer(text):
            found.append(
                f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0).strip()}"
            )
    assert not found, "conflict markers left by a merge:\n" + "\n".join(found)


def test_the_check_finds_a_marker():
    assert MARKER.search("text\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> branch\n")
    assert not MARKER.search("a table\n=======  \nnot a marker: the line goes on\n")
