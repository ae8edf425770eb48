# evo-lab: one command to open the kit, one command to run the tests.
#   make lab    -> creates .venv from pyproject.toml (the kit with its `lab` extra: what every lesson, the
#                  classroom page and bench use) and opens JupyterLab on notebooks/00_tour.ipynb
#   make test   -> creates .venv (with the test extras), runs the whole test suite, then checks the built wheel
#                  in a fresh venv (scripts/check_wheel.py)
#   make test-fast -> the unit and rule tests only (no notebooks, no browser, no long fuzz): under 3 minutes
#   make demo   -> plays a seeded demo game in the terminal
#   make present -> the classroom page (Voila, only the Explorer; GAME=evolution SCENARIO=attacks to choose;
#                  IP=0.0.0.0 to serve the local network, with a token: docs/security.md)
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed-$(EXTRAS)

.PHONY: lab test test-fast lint demo venv clean bench present

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed-base: $(VENV)/bin/python pyproject.toml
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/bin/python pyproject.toml
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

# the `lab` extra (theory, openspiel, rl, bench, app): lessons 04 and 06, `make present` (voila), bench (chess)
$(VENV)/.installed-lab: $(VENV)/bin/python pyproject.toml
	$(PY) -m pip install --quiet -e '.[lab]'
	touch $@

lab: $(VENV)/.installed-lab
	$(VENV)/bin/evo-lab lab

# make demo GAME=origin (or evolution, evolution-climate): the game's seeded story; default Evo 2e.
# make present GAME=evolution SCENARIO=attacks: the classroom page (Voila) with only the explorer.
GAME ?= evo2e
SCENARIO ?=
IP ?=
present: $(VENV)/.installed-lab
	$(VENV)/bin/evo-lab lab --present --game $(GAME) $(if $(SCENARIO),--scenario $(SCENARIO)) $(if $(IP),--ip $(IP))

demo: $(VENV)/.installed-lab
	$(VENV)/bin/evo-lab demo --game $(GAME) --players 4 --seed 1

# Two runs: code tests spread test by test over 2 workers; notebooks whole-file per worker (nbval cells share a
# kernel), strictly: --nbval in pyproject.toml compares every output not marked # NBVAL_IGNORE_OUTPUT.
# -rs: the summary says why each skipped test was skipped (e.g. no Chromium, no ../shared).
# The wheel check builds the sdist and wheel and uses the wheel from a fresh venv (about 1.5 minutes).
test: $(VENV)/.installed-test lint
	$(PY) -m pytest -n 2 -q -rs tests evo_lab
	$(PY) -m pytest -n 2 --dist loadfile -q -rs notebooks
	$(PY) scripts/check_wheel.py

# The unit and rule tests and the package's doctests, without the notebooks, the browser tests and the long fuzzers
# (markers `slow` and `browser`, declared in pyproject.toml): the quick check while working.
# Lint and types (configured in pyproject.toml): ruff's rules over the code, mypy --strict over the modules
# [tool.mypy] lists.
lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check evo_lab tests scripts
	$(VENV)/bin/ruff format --check evo_lab tests scripts
	$(PY) -m mypy

test-fast: $(VENV)/.installed-test
	$(PY) -m pytest -n 2 -q -rs -m "not slow and not browser" tests evo_lab

bench: $(VENV)/.installed-test
	$(VENV)/bin/evo-lab bench

clean:
	rm -rf $(VENV) build *.egg-info
