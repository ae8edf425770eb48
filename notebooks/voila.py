"""Voila's configuration for the pages served from this folder (``make present``: ``present.ipynb``; ``voila
00_tour.ipynb``): Voila reads ``voila.py`` from the folder of the notebook it serves. Everything the page loads is
served locally and no JupyterLab-only extension is loaded (:mod:`evo_lab.views.offline`)."""

try:
    c  # noqa: B018 - the traitlets configuration object, defined when Voila loads this file
except NameError:  # imported any other way (not by Voila): nothing to configure
    pass
else:
    from evo_lab.views.offline import configure_voila

    configure_voila(c)  # noqa: F821
