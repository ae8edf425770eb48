# evo-lab: one command to open the kit, one command to run the tests.
#   make lab    -> creates .venv from pyproject.toml and opens JupyterLab on notebooks/00_tour.ipynb
#   make test   -> creates .venv (with the test extras) and runs the whole test suite
#   make test-fast -> the unit and rule tests only (no notebooks, no browser, no long fuzz): under 3 minutes
#   make demo   -> plays a seeded demo game in the terminal
#   make present -> the classroom page (Voila, only the Explorer; GAME=evolution SCENARIO=attacks to choose)
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed-$(EXTRAS)

.PHONY: lab test test-fast demo venv clean bench present

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed-base: $(VENV)/bin/python pyproject.toml
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/bin/python pyproject.toml
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

lab: $(VENV)/.installed-base
	$(VENV)/bin/evo-lab lab

# make demo GAME=origin (or evolution, evolution-climate): the game's seeded story; default Evo 2e.
# make present GAME=evolution SCENARIO=attacks: the classroom page (Voila) with only the explorer.
GAME ?= evo2e
SCENARIO ?=
present: $(VENV)/.installed-base
	$(VENV)/bin/evo-lab lab --present --game $(GAME) $(if $(SCENARIO),--scenario $(SCENARIO))

demo: $(VENV)/.installed-base
	$(VENV)/bin/evo-lab demo --game $(GAME) --players 4 --seed 1

# Two runs: code tests spread test by test over 2 workers; notebooks whole-file per worker (nbval cells share a
# kernel), strictly: --nbval in pyproject.toml compares every output not marked # NBVAL_IGNORE_OUTPUT.
# -rs: the summary says why each skipped test was skipped (e.g. no Chromium, no ../shared).
test: $(VENV)/.installed-test
	$(PY) -m pytest -n 2 -q -rs tests evo_lab
	$(PY) -m pytest -n 2 --dist loadfile -q -rs notebooks

# The unit and rule tests and the package's doctests, without the notebooks, the browser tests and the long fuzzers
# (markers `slow` and `browser`, declared in pyproject.toml): the quick check while working.
test-fast: $(VENV)/.installed-test
	$(PY) -m pytest -n 2 -q -rs -m "not slow and not browser" tests evo_lab

bench: $(VENV)/.installed-test
	$(VENV)/bin/evo-lab bench

clean:
	rm -rf $(VENV) build *.egg-info
