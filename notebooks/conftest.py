"""pytest settings for the lesson notebooks.

nbval runs them strictly (``--nbval`` in ``pyproject.toml``): every output not marked ``# NBVAL_IGNORE_OUTPUT`` is
compared with a fresh run. Two sanitizers keep library noise out of that comparison:

* ``nbval_sanitize.cfg`` (regular expressions on text outputs: memory addresses, widget ids, timings), handed to
  nbval here whatever directory pytest is started from;
* :func:`without_plotly_template` (below): a chart's plotly JSON is compared without ``layout.template``, the
  ~10 kB default styling that plotly ships and changes between releases; the chart's data, axes and titles are
  still compared. nbval's sanitizers only see strings, so this one wraps nbval's output comparison.
"""

from __future__ import annotations

import copy
from pathlib import Path

SANITIZE = Path(__file__).with_name("nbval_sanitize.cfg")
#: ``voila.py`` is Voila's configuration for the pages served from this folder (:mod:`evo_lab.views.offline`), not a
#: module to test: imported as ``voila`` by the doctest collection it would hide the real Voila package.
collect_ignore = ["voila.py"]
PLOTLY = "application/vnd.plotly.v1+json"


def without_plotly_template(outputs: list) -> list:
    """Copies of ``outputs`` whose plotly figures have no ``layout.template`` (the originals are untouched)."""
    cleaned = []
    for out in outputs:
        fig = out.get("data", {}).get(PLOTLY) if hasattr(out, "get") else None
        if isinstance(fig, dict) and "template" in fig.get("layout", {}):
            out = copy.deepcopy(out)
            out["data"][PLOTLY]["layout"].pop("template")
        cleaned.append(out)
    return cleaned


def pytest_configure(config):
    if getattr(config.option, "nbval_sanitize_with", "unset") is None:
        config.option.nbval_sanitize_with = str(SANITIZE)
    try:
        from nbval.plugin import IPyNbCell
    except ImportError:  # pragma: no cover - nbval not installed: no notebook tests
        return
    if getattr(IPyNbCell.compare_outputs, "evo_lab", False):
        return
    original = IPyNbCell.compare_outputs

    def compare_outputs(self, test, ref, skip_compare=None):
        return original(self, without_plotly_template(test), without_plotly_template(ref), skip_compare)

    compare_outputs.evo_lab = True
    IPyNbCell.compare_outputs = compare_outputs
