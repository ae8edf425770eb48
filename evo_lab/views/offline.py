"""The kit's Voila pages load nothing from outside the server and log no JavaScript error (issue 20).

Two things in a stock Voila page break that, both fixed by :func:`configure_voila` (which a Voila configuration file
calls: ``notebooks/voila.py``, read by Voila from the folder of the notebook it serves, whoever starts it):

* Voila's ``lab`` template links FontAwesome's style sheets from cdn.jsdelivr.net (fails offline), although
  Voila's own JavaScript bundle already carries FontAwesome 5 and its fonts: the page uses evo-lab's template
  ``evo-lab`` (``evo_lab/data/jupyter/voila/templates/evo-lab``: ``lab`` without those two links), found through
  ``JUPYTER_PATH``.
* Voila loads every JupyterLab extension installed beside it, and Notebook 7's ``@jupyter-notebook/lab-extension``
  asks Voila's page for a shared module it does not provide (``@jupyterlab/docregistry``): the console logs
  "The getter for the shared module is not a function ... #RUNTIME-012". That extension (and Voila's own
  JupyterLab preview button) only serve JupyterLab; Voila skips them (``extension_denylist``).

>>> from traitlets.config import Config
>>> c = Config()
>>> configure_voila(c, environ={})["JUPYTER_PATH"] == str(jupyter_data())
True
>>> c.VoilaConfiguration.template, "@jupyter-notebook/lab-extension" in c.VoilaConfiguration.extension_denylist
('evo-lab', True)
"""

from __future__ import annotations

import json
import os
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

__all__ = ["DENIED_EXTENSIONS", "TEMPLATE", "configure_voila", "jupyter_data", "voila_args", "voila_env"]

#: evo-lab's Voila template (Voila's ``lab`` without the CDN links).
TEMPLATE = "evo-lab"
#: JupyterLab extensions a Voila page must not load (they only serve JupyterLab's own user interface).
DENIED_EXTENSIONS = ("@jupyter-notebook/lab-extension", "@voila-dashboards/jupyterlab-preview")


def jupyter_data() -> Path:
    """The Jupyter data folder evo-lab ships (``voila/templates/evo-lab``)."""
    return Path(__file__).resolve().parents[1] / "data" / "jupyter"


def voila_env(environ: MutableMapping[str, str] | None = None) -> dict[str, str]:
    """``environ`` (default: this process's) with evo-lab's Jupyter data folder first on ``JUPYTER_PATH``."""
    env = dict(os.environ if environ is None else environ)
    rest = [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p and p != str(jupyter_data())]
    env["JUPYTER_PATH"] = os.pathsep.join([str(jupyter_data()), *rest])
    return env


def voila_args() -> list[str]:
    """Voila's command-line options for the template and the extensions (with :func:`voila_env`'s environment)."""
    return [
        f"--template={TEMPLATE}",
        f"--VoilaConfiguration.extension_denylist={json.dumps(list(DENIED_EXTENSIONS))}",
    ]


def configure_voila(c: Any, environ: MutableMapping[str, str] | None = None) -> MutableMapping[str, str]:
    """Set up Voila's configuration ``c`` (a traitlets ``Config``): the ``evo-lab`` template, the extensions
    denied, and ``JUPYTER_PATH`` in ``environ`` (default: ``os.environ``, Voila's own process, read when it
    looks for templates). Returns ``environ``."""
    environ = os.environ if environ is None else environ
    environ["JUPYTER_PATH"] = voila_env(environ)["JUPYTER_PATH"]
    c.VoilaConfiguration.template = TEMPLATE
    c.VoilaConfiguration.extension_denylist = list(DENIED_EXTENSIONS)
    return environ
