"""The NEU CS 4500 (Spring 2016) TestFest pairs against the course-2016 harnesses (reference §4-§5).

Every pair in ``shared/peer-tests/<harness>/`` runs in-process (the engine's course rules through the JSON
adapter); a few run through the real CLI (``evo-lab evolution harness NAME``). Comparison as the folder's README
says: JSON equality, trait lists as sets, ``fat-food`` / ``cards`` only when non-zero / non-empty, xsilly growth
actions without their ``"population"``/``"body"`` tag. Skips cleanly when the folder is absent.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from evo_lab.games.evolution.course.harness import run

ROOT = Path(__file__).resolve().parents[3]
HARNESSES = ("xattack", "xfeed", "xstep", "xstep4", "xsilly")


def _peer_dir() -> Path | None:
    for cand in (
        ROOT.parent / "shared" / "peer-tests",
        ROOT.parent.parent / "shared" / "peer-tests",
        Path("/work/shared/peer-tests"),
    ):
        if cand.is_dir():
            return cand
    return None


PEER = _peer_dir()
#: Disputed pairs (reference §5.3) whose TestFest answer this engine does NOT reproduce, with the rule that
#: decides them (docs/evolution.md, "Disputed pairs"). Every listed dispute currently passes, so this is empty.
DISPUTED: dict[str, str] = {}


def _pairs() -> list:
    if PEER is None:
        return []
    out = []
    for h in HARNESSES:
        for f in sorted((PEER / h).glob("*-in.json")):
            out.append(pytest.param(h, f, id=f"{h}/{f.name[:-8]}"))
    return out


def canonical(v: object, harness: str) -> object:
    """The README's comparison: traits as sets, zero fat-food and empty cards dropped, xsilly tags dropped."""
    if harness == "xsilly" and isinstance(v, list) and len(v) == 5:
        untag = [[[x for x in g if not isinstance(x, str)] for g in part] for part in v[1:3]]
        return [v[0], untag[0], untag[1], v[3], v[4]]

    def c(x: object) -> object:
        if isinstance(x, list):
            if len(x) == 2 and x[0] == "traits" and isinstance(x[1], list):
                return ["traits", sorted(x[1])]
            items = [c(z) for z in x]
            return [z for z in items if z != ("drop",)]
        if x is None:
            return None
        return x

    def drop(x: object) -> object:
        if isinstance(x, list):
            if len(x) == 2 and ((x[0] == "fat-food" and x[1] == 0) or (x[0] == "cards" and x[1] == [])):
                return ("drop",)
            return [drop(z) for z in x]
        return x

    return c(drop(v))


def _expected(f: Path) -> object:
    text = Path(str(f).replace("-in.json", "-out.json")).read_text().strip()
    return json.loads(text) if text else None


@pytest.mark.skipif(PEER is None, reason="shared/peer-tests not present")
@pytest.mark.parametrize("harness,path", _pairs())
def test_peer_pair(harness: str, path: Path) -> None:
    name = f"{harness}/{path.name[:-8]}"
    if name in DISPUTED:
        pytest.xfail(DISPUTED[name])
    got = run(harness, json.loads(path.read_text()))
    assert canonical(got, harness) == canonical(_expected(path), harness)


def test_canonical_comparison() -> None:
    a = [["food", 1], ["body", 2], ["population", 2], ["traits", ["horns", "burrowing"]], ["fat-food", 0]]
    b = [["food", 1], ["body", 2], ["population", 2], ["traits", ["burrowing", "horns"]]]
    assert canonical(a, "xstep") == canonical(b, "xstep")
    assert canonical([0, [["population", 1, 2]], [], [[1, 2]], []], "xsilly") == [
        0,
        [[1, 2]],
        [],
        [[1, 2]],
        [],
    ]


def _cli(harness: str, text: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "evo_lab.cli", "evolution", "harness", harness],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.skipif(PEER is None, reason="shared/peer-tests not present")
@pytest.mark.parametrize("harness", HARNESSES)
def test_peer_pairs_through_the_cli(harness: str) -> None:
    f = sorted((PEER / harness).glob("*-in.json"))[0]
    r = _cli(harness, f.read_text())
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout) if r.stdout.strip() else None
    assert canonical(got, harness) == canonical(_expected(f), harness)


def test_cli_malformed_input_names_the_field() -> None:
    r = _cli("xfeed", '[[["id",1],["species",[]],["bag","x"]],1,[]]')
    assert r.returncode == 2 and r.stdout == ""
    assert "feeding[0].bag" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = _cli("xattack", "[1, 2")
    assert r.returncode == 2 and "JSON" in r.stderr


def test_cli_no_output_when_nothing_is_hungry() -> None:
    sp = [["food", 1], ["body", 1], ["population", 1], ["traits", []]]
    r = _cli("xfeed", json.dumps([[["id", 1], ["species", [sp]], ["bag", 0]], 2, []]))
    assert r.returncode == 0 and r.stdout == ""


@pytest.mark.parametrize(
    "harness,value,field",
    [
        ("xattack", [1, 2, 3], "situation"),
        (
            "xattack",
            [[["food", 0], ["body", 1], ["population", 1], ["traits", ["wings"]]], [], False, False],
            "situation[0].traits[0]",
        ),
        (
            "xstep",
            [[[["id", 1], ["species", []], ["bag", 0], ["cards", [[1, "horns", 3]]]]], 0, []],
            "configuration[0][0].cards[0]",
        ),
        (
            "xstep4",
            [
                [[[["id", 1], ["species", []], ["bag", 0], ["cards", [[1, "horns"]]]]], 0, []],
                [[5, [], [], [], []]],
            ],
            "step4-input[1][0][0]",
        ),
        (
            "xsilly",
            [[["id", 1], ["species", []], ["bag", 0], ["cards", [[1, "horns"]]]], [], []],
            "choice[0].cards",
        ),
    ],
)
def test_malformed_input_names_the_field(harness: str, value: object, field: str) -> None:
    from evo_lab.core.errors import FormatError

    with pytest.raises(FormatError) as e:
        run(harness, value)
    assert e.value.field == field
