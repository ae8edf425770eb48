"""Atomic writes (issue 18, point 6): a save that fails half way leaves the old file (or pack folder)
whole."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import evo_lab
from evo_lab.core import atomic
from evo_lab.core.atomic import atomic_write_folder, atomic_write_text

ROOT = Path(__file__).resolve().parents[2]


def _no_temp_files(folder: Path) -> bool:
    return not [p for p in folder.iterdir() if p.name.startswith(".")]


def test_a_failed_rename_leaves_the_old_file(tmp_path, monkeypatch):
    p = tmp_path / "a.json"
    p.write_text("old")

    def boom(*_a):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", boom)
    with pytest.raises(OSError):
        atomic_write_text(p, "new" * 1000)
    assert p.read_text() == "old" and _no_temp_files(tmp_path)


def test_a_write_cut_off_half_way_leaves_the_old_file(tmp_path, monkeypatch):
    p = tmp_path / "a.json"
    p.write_text("old")
    real = os.fsync

    def cut(fd):  # the data is written, the disk gives up before it is safe
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(atomic.os, "fsync", cut)
    with pytest.raises(OSError):
        atomic_write_text(p, "new")
    monkeypatch.setattr(atomic.os, "fsync", real)
    assert p.read_text() == "old" and _no_temp_files(tmp_path)
    atomic_write_text(p, "new")
    assert p.read_text() == "new" and _no_temp_files(tmp_path)


def test_board_save_interrupted_keeps_the_old_board(tmp_path, monkeypatch):
    p = tmp_path / "board.json"
    evo_lab.Board.standard(2).save(p)
    before = p.read_bytes()
    monkeypatch.setattr(atomic.os, "replace", lambda *_a: (_ for _ in ()).throw(OSError(28, "disk full")))
    with pytest.raises(OSError):
        evo_lab.Board.standard(4).save(p)
    assert p.read_bytes() == before and evo_lab.Board.load(p) == evo_lab.Board.standard(2)


def test_the_cli_board_json_under_a_file_size_limit_keeps_the_old_file(tmp_path):
    """The issue's ``(ulimit -f 1; evo-lab board --players 4 --json board.json)`` left 1,024 bytes of a good
    2,216-byte file."""
    resource = pytest.importorskip("resource")
    p = tmp_path / "board.json"
    evo_lab.Board.standard(2).save(p)
    before = p.read_bytes()
    assert len(before) > 1024

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))

    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    r = subprocess.run(
        [sys.executable, "-m", "evo_lab.cli", "board", "--players", "4", "--json", str(p)],
        capture_output=True,
        text=True,
        preexec_fn=limit,
        env=env,
        timeout=120,
        check=False,
    )
    assert r.returncode != 0 and "Traceback" not in r.stderr, r.stderr
    assert p.read_bytes() == before and _no_temp_files(tmp_path)


def test_the_game_tab_save_to_a_path_is_atomic(tmp_path, monkeypatch):
    ex = evo_lab.Explorer(evo_lab.Game(players=2, seed=1))
    p = tmp_path / "game.json"
    p.write_text("the old game")
    ex.files.path.value = str(p)
    ex.files.kind.value = "record"
    monkeypatch.setattr(atomic.os, "replace", lambda *_a: (_ for _ in ()).throw(OSError(28, "disk full")))
    assert ex.files.save() == ""
    assert p.read_text() == "the old game" and "the file is unchanged" in ex.files.message.value
    monkeypatch.undo()
    assert ex.files.save() and json.loads(p.read_text())["format"] == "evo-lab-record"


def test_a_data_pack_folder_is_written_beside_and_swapped_in(tmp_path, monkeypatch):
    from evo_lab.views.data_draft import DataDraft

    folder = tmp_path / "pack"
    draft = DataDraft()
    draft.save(folder)
    (folder / "notes.txt").write_text("the teacher's notes")
    before = {f.name: f.read_bytes() for f in folder.iterdir()}
    draft.set_token(draft.pack.tokens[0].id, draft.pack.tokens[0].count + 1)
    calls = []
    real = atomic.atomic_write_bytes

    def third_fails(path, data):
        calls.append(path)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        real(path, data)

    monkeypatch.setattr(atomic, "atomic_write_bytes", third_fails)
    with pytest.raises(OSError):
        draft.save(folder)
    assert {f.name: f.read_bytes() for f in folder.iterdir()} == before
    assert [p.name for p in tmp_path.iterdir()] == ["pack"]  # no temporary folder left beside it
    monkeypatch.undo()
    pack = draft.save(folder)
    assert (
        pack.tokens[0].count == draft.pack.tokens[0].count
        and (folder / "notes.txt").read_text() == "the teacher's notes"
    )
    assert evo_lab.load_data(folder).fingerprint() == draft.pack.fingerprint()


def test_atomic_folder_refuses_names_that_leave_it(tmp_path):
    with pytest.raises(ValueError):
        atomic_write_folder(tmp_path / "p", {"../escape.json": "{}"})
    assert not (tmp_path / "escape.json").exists() and not (tmp_path / "p").exists()
