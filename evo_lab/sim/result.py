"""A tournament's results: the rows, the per-bot summary with its intervals, the JSON and CSV forms.

First places are counted as whole numbers: a Wilson interval is built for a binomial count, and a first place
shared by ``k`` players is not ``1/k`` of a success. So the summary counts each bot's **outright wins** and its
**first places** (outright or shared), each with its 95% Wilson interval, and keeps the course's **share**
(1 per outright win, ``1/k`` per ``k``-way shared first place) as a number whose expected rate lies between the
two rates; ``share_low``, ``share_high`` (the outright low end, the first-place high end) bound it with at least
about 95% (each end misses with about 2.5%), as :func:`evo_lab.lessons.intervals.first_places` explains.

>>> rows = [{"game": g, "bot": b, "won": w, "mp": mp, "dinosaurs": 3, "place": 1 if w else 2, "rounds": 9}
...         for g, b, w, mp in [(0, "a", 1.0, 30), (0, "b", 0.0, 20), (1, "a", 0.5, 25), (1, "b", 0.5, 25),
...                             (2, "a", 0.0, 10), (2, "b", 1.0, 40)]]
>>> a = summarize(rows, ["a", "b"])[0]
>>> a["seats"], a["wins"], a["firsts"], a["share"], a["share_rate"]
(3, 1, 2, 1.5, 0.5)
>>> a["share_low"] == a["win_low"] and a["share_high"] == a["first_high"]
True
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.registry import kit_module
from ..stats import first_place_counts, mean_interval
from .play import Row, SimulationError, columns

if TYPE_CHECKING:
    import pandas

SIM_FORMAT = "evo-lab-simulation"
#: Version 2: the summary counts outright wins and first places as whole numbers (version 1 fed the shares of
#: first place into the Wilson interval; reading a version-1 file summarises its rows afresh).
SIM_VERSION = 2


def summarize(rows: Sequence[Row], labels: Sequence[str], game: str = "evo2e") -> list[dict[str, Any]]:
    """Per bot label: ``seats`` played and ``games``; ``wins`` (outright) with ``win_rate``, ``win_low``,
    ``win_high`` (95% Wilson); ``firsts`` (first places, outright or shared; ``shared`` of them shared) with
    ``first_rate``, ``first_low``, ``first_high``; ``share`` (a ``k``-way shared first place counts ``1/k``) with
    ``share_rate`` and its bounds ``share_low``, ``share_high``; the mean of the game's first column (the score:
    Evo's MP) with a normal interval (``mean_mp, mp_low, mp_high``) and the mean of each other column
    (``mean_dinosaurs, mean_place, mean_rounds``).

    The intervals treat a bot's seats as independent trials; a bot that fills several seats of one game has
    seats that are not quite independent (two of them cannot both win outright)."""
    cols = [c for c in kit_module(game).COLUMNS if c != "won"]
    score, rest = cols[0], cols[1:]
    out = []
    for lab in dict.fromkeys(labels):
        rs = [r for r in rows if r["bot"] == lab]
        if not rs:
            continue
        n = len(rs)
        row: dict[str, Any] = {"bot": lab, "seats": n, "games": len({r["game"] for r in rs})}
        row.update(first_place_counts([float(r["won"]) for r in rs]))
        m, mlo, mhi = mean_interval([float(r[score]) for r in rs])
        row.update({f"mean_{score}": m, f"{score}_low": mlo, f"{score}_high": mhi})
        row.update((f"mean_{c}", sum(r[c] for r in rs) / n) for c in rest)
        out.append(row)
    return out


@dataclass
class SimulationResult:
    """Rows (one per game and seat), a per-bot summary, the configuration and (apart) the timing."""

    rows: list[Row]
    summary: list[dict[str, Any]]
    config: dict[str, Any]
    timing: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_dict(self, timing: bool = True) -> dict[str, Any]:
        d = {
            "format": SIM_FORMAT,
            "version": SIM_VERSION,
            "config": self.config,
            "summary": self.summary,
            "games": self.rows,
        }
        if timing:
            d["timing"] = self.timing
        return d

    def to_json(self, indent: int | None = None, timing: bool = True) -> str:
        """JSON with ``config``, ``summary`` and ``games`` (the rows); wall-clock figures sit under
        ``"timing"`` so two runs with the same seed give equal JSON apart from it."""
        return json.dumps(self.to_dict(timing), indent=indent)

    @property
    def game(self) -> str:
        """The game id of the tournament (``"evo2e"`` for files written before there were other games)."""
        return str(self.config.get("game", "evo2e"))

    def columns(self) -> tuple[str, ...]:
        """The row columns (:func:`columns` of the game)."""
        return columns(self.game)

    def to_csv(self, path: str | None = None) -> str:
        """The rows as CSV (written to ``path`` if given); returns the text."""
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=list(self.columns()), lineterminator="\n")
        w.writeheader()
        w.writerows(self.rows)
        text = buf.getvalue()
        if path is not None:
            from ..core.atomic import atomic_write_text

            atomic_write_text(path, text)
        return text

    def to_pandas(self) -> pandas.DataFrame:
        """The rows as a ``pandas.DataFrame`` (needs pandas: ``pip install 'evo-lab[test]'`` or pandas)."""
        try:
            import pandas as pd
        except ImportError:  # pragma: no cover - pandas is in the test extra
            raise SimulationError("to_pandas() needs pandas; pip install pandas") from None
        return pd.DataFrame(self.rows, columns=list(self.columns()))

    def summary_table(self) -> str:
        """The summary as aligned text (what ``evo-lab simulate`` prints): outright wins and first places (rates
        with their intervals), the share of first places, then the means of the game's columns (its kit's
        ``TABLE``)."""
        kit = kit_module(self.game)
        head = (
            f"{'bot':<12} {'seats':>6} {'won alone':>10} {'95% interval':>16} {'first':>6} {'95% interval':>16} "
            f"{'share':>6} " + " ".join(f"{h:>{w}}" for _, h, w in kit.TABLE)
        )
        lines = [head, "-" * len(head)]
        for r in self.summary:
            lines.append(
                f"{r['bot']:<12} {r['seats']:>6} {r['win_rate']:>10.3f} "
                f"{_interval(r['win_low'], r['win_high']):>16} {r['first_rate']:>6.3f} "
                f"{_interval(r['first_low'], r['first_high']):>16} {r['share_rate']:>6.3f} "
                + " ".join(f"{r['mean_' + c]:>{w}.2f}" for c, _, w in kit.TABLE)
            )
        if not self.summary:
            lines.append("no games")
            return "\n".join(lines)
        c = self.config
        length = kit.LENGTH
        lines.append(
            "won alone: outright wins; first: first places, outright or shared (whole counts, 95% Wilson"
        )
        lines.append(
            "intervals); share: the share of first places (a first place shared by k players counts 1/k)"
        )
        lines.append(
            f"{c['games']} games, {c['players']} players, seed {c['seed']}; mean game length "
            f"{self.summary[0]['mean_' + length]:.2f} {length}; a fair seat's share {1 / c['players']:.3f}"
        )
        return "\n".join(lines)

    @classmethod
    def from_json(cls, text: str | bytes) -> SimulationResult:
        """Read :meth:`to_json`'s text (size and nesting checked before parsing; a bad file is a
        :class:`SimulationError` or a :class:`~evo_lab.core.errors.FormatError`). A version-1 file's summary is
        made afresh from its rows (version 1 counted shared first places as fractions of a win)."""
        from ..core.jsonio import loads

        d = loads(text, "simulation")
        if not isinstance(d, dict) or d.get("format") != SIM_FORMAT:
            raise SimulationError(f"not an {SIM_FORMAT} file")
        version = d.get("version", 1)
        if version not in (1, SIM_VERSION):
            raise SimulationError(
                f"an {SIM_FORMAT} file of version {version!r}; this evo-lab reads versions 1 "
                f"and {SIM_VERSION}"
            )
        rows, summary = _objects(d.get("games")), _objects(d.get("summary"))
        config, timing = d.get("config"), d.get("timing", {})
        if rows is None or summary is None or not isinstance(config, dict) or not isinstance(timing, dict):
            raise SimulationError(
                f"an {SIM_FORMAT} file holds the lists of objects games and summary and the object config"
            )
        if version == 1:
            summary = _summary_again(rows, config)
        return cls(rows=rows, summary=summary, config=config, timing=timing)


def _objects(value: object) -> list[dict[str, Any]] | None:
    """``value`` if it is a list of JSON objects, else ``None``."""
    if not isinstance(value, list) or not all(isinstance(x, dict) for x in value):
        return None
    return [x for x in value if isinstance(x, dict)]


def _summary_again(rows: list[Row], config: dict[str, Any]) -> list[dict[str, Any]]:
    """The summary of a version-1 file's rows, in the lineup order its configuration names."""
    labels = config.get("bots")
    if not isinstance(labels, list) or not all("bot" in r and "won" in r for r in rows):
        raise SimulationError(
            f"a version-1 {SIM_FORMAT} file needs config.bots and rows with 'bot' and 'won'"
        )
    try:
        return summarize(rows, [str(b) for b in labels], str(config.get("game", "evo2e")))
    except (KeyError, TypeError, ValueError) as e:
        raise SimulationError(f"a version-1 {SIM_FORMAT} file whose rows cannot be summarised: {e}") from None


def _interval(low: float, high: float) -> str:
    return f"[{low:.3f}, {high:.3f}]"
