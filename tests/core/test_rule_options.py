"""One rule-options base for every game (issue 17, item 1): from_dict / to_dict round trips, a doc per option,
one GameConfigError for every bad option, in every game."""

from __future__ import annotations

import pytest

import evo_lab
from evo_lab.core.options import RuleOptionsBase, options_markdown

GAMES = ["evo2e", "evo1e", "evolution", "evolution-climate", "evolution-course2016", "origin"]


def _options(gid: str) -> RuleOptionsBase:
    g = evo_lab.make_game(gid, players=evo_lab.game_info(gid).min_players)
    return g.options


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_has_options_of_the_one_base_with_a_doc_each(gid):
    o = _options(gid)
    assert isinstance(o, RuleOptionsBase)
    assert type(o).from_dict(o.to_dict()) == o
    docs = type(o).describe()
    assert set(docs) == set(o.to_dict())
    assert all(info.doc for info in docs.values()), [k for k, v in docs.items() if not v.doc]
    assert options_markdown(type(o)).count("\n") == len(docs) + 1


@pytest.mark.parametrize("gid", GAMES)
def test_bad_options_raise_one_error_class(gid):
    cls = type(_options(gid))
    name = next(iter(cls.describe()))
    with pytest.raises(evo_lab.GameConfigError, match="unknown rule option 'nonsense'"):
        cls.from_dict({"nonsense": 1})
    with pytest.raises(evo_lab.GameConfigError, match=f"rule option '{name}' must be"):
        cls.from_dict({name: object()})
    with pytest.raises(evo_lab.GameConfigError, match="options must be"):
        cls.from_dict(42)  # type: ignore[arg-type]
    with pytest.raises(evo_lab.GameConfigError):
        evo_lab.make_game(gid, options={"nonsense": True})


def test_choices_are_checked_and_named():
    from evo_lab.games.origin.rules import RuleOptions

    with pytest.raises(evo_lab.GameConfigError, match="must be one of card, animal; got 'pair'"):
        RuleOptions(paired_score="pair")
    with pytest.raises(
        evo_lab.GameConfigError, match=r"must be one of 2e; got '1e' \(Evo first edition is the "
    ):
        evo_lab.RuleOptions.from_dict({"edition": "1e"})
    assert evo_lab.RuleOptions.from_dict({"card_windows": "holders"}).changed() == {"card_windows": "holders"}
