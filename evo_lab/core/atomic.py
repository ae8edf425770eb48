"""Atomic writes: a save either leaves the new file complete or the old one untouched, never half of either.

Every file evo-lab writes goes through :func:`atomic_write_text` / :func:`atomic_write_bytes`: the data goes
to a temporary file in the same folder, is flushed and ``fsync``-ed, then ``os.replace`` puts it in place (one
rename: atomic on POSIX and Windows). A folder of several files (a data pack) is written with
:func:`atomic_write_folder`: into a sibling temporary folder, then swapped in with two renames.

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "a.json"
>>> atomic_write_text(p, '{"ok": 1}')
>>> p.read_text()
'{"ok": 1}'
>>> d = p.parent / "pack"
>>> atomic_write_folder(d, {"pack.json": "{}", "setup.json": "{}"})
>>> sorted(x.name for x in d.iterdir())
['pack.json', 'setup.json']
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

__all__ = ["atomic_write_text", "atomic_write_bytes", "atomic_write_folder"]


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # e.g. Windows: folders cannot be opened
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (a temporary file beside it, fsync, rename). On any error the
    temporary file is removed and the old file, if any, is left as it was."""
    p = Path(path)
    folder = p.parent if str(p.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if p.exists():
            try:
                os.chmod(tmp, p.stat().st_mode & 0o7777)
            except OSError:
                pass
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(folder)


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` atomically (see :func:`atomic_write_bytes`)."""
    atomic_write_bytes(path, text.encode(encoding))


def atomic_write_folder(path: str | os.PathLike[str], files: Mapping[str, str | bytes]) -> None:
    """Write a folder of ``files`` (name -> text or bytes; names may not leave the folder) so that ``path`` is
    either the complete old folder or the complete new one: the files go into a sibling temporary folder,
    which replaces ``path`` by renames (the old folder is moved aside first and removed last). Anything else
    the old folder held is copied into the new one first, so saving a pack into a folder keeps the user's
    other files."""
    dest = Path(path)
    parent = dest.parent if str(dest.parent) else Path(".")
    parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", suffix=".tmp", dir=parent))
    old: Path | None = None
    try:
        for name, content in files.items():
            target = (tmp / name).resolve()
            if tmp.resolve() not in target.parents:
                raise ValueError(f"file name {name!r} leaves the folder")
            target.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(target, content.encode("utf-8") if isinstance(content, str) else content)
        if dest.is_dir():
            for entry in dest.iterdir():
                if entry.name not in files and not (tmp / entry.name).exists():
                    if entry.is_dir() and not entry.is_symlink():
                        shutil.copytree(entry, tmp / entry.name, symlinks=True)
                    else:
                        shutil.copy2(entry, tmp / entry.name, follow_symlinks=False)
        if dest.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", suffix=".old", dir=parent))
            os.rmdir(old)
            os.replace(dest, old)
        try:
            os.replace(tmp, dest)
        except BaseException:
            if old is not None:
                os.replace(old, dest)
                old = None
            raise
        _fsync_dir(parent)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
