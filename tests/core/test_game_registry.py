"""One registration per game (issue 17, item 2): a GameInfo per game, found by id, the range checked by make_game,
the README's table generated from the registrations, a view for every game, the packs agreeing on the players."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import evo_lab
from evo_lab.core.registry import GameInfo, games_markdown
from evo_lab.views.games import view_class

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_is_registered_once_in_its_own_package():
    games = evo_lab.registered_games()
    assert games == ["evo2e", "evo1e", "evolution", "evolution-climate", "evolution-course2016", "origin"]
    for gid in games:
        info = evo_lab.game_info(gid)
        assert isinstance(info, GameInfo) and info.id == gid
        home = info.variant_of if "-" in gid else gid  # a variant id lives in its game's registration
        assert (ROOT / "evo_lab" / "games" / home / "info.py").is_file()


def test_game_info_says_what_the_game_is():
    info = evo_lab.game_info("evolution")
    assert info.players == range(2, 7) and info.title == "Evolution (North Star Games)"
    assert [v.id for v in info.variants] == ["climate", "course2016"]
    course = evo_lab.game_info("evolution-course2016")
    assert (
        course.players == range(3, 9)
        and course.variant_of == "evolution"
        and course.options == {"variant": "course2016"}
    )
    assert evo_lab.make_game("evolution-climate", players=3).options.climate
    evo1e = evo_lab.game_info("evo1e")
    assert evo1e.variant_of == "evo2e" and evo1e.players == range(3, 6)


@pytest.mark.parametrize(
    "gid", ["evo2e", "evo1e", "evolution", "evolution-climate", "evolution-course2016", "origin"]
)
def test_make_game_outside_the_range_names_the_range(gid):
    info = evo_lab.game_info(gid)
    for bad in (info.min_players - 1, info.max_players + 1):
        with pytest.raises(evo_lab.GameConfigError) as e:
            evo_lab.make_game(gid, players=bad)
        assert f"is for {info.min_players} to {info.max_players} players, got {bad}" in str(e.value)
    g = evo_lab.make_game(gid, players=info.max_players)
    assert g.players == info.max_players and g.title == evo_lab.game_info(g.name).title


def test_a_variant_chosen_by_its_options_has_its_own_range():
    assert evo_lab.make_game("evolution", variant="course2016", players=8).players == 8
    with pytest.raises(evo_lab.GameConfigError, match="2 to 6 players"):
        evo_lab.make_game("evolution", players=8)


def _pack_range(gid: str) -> range:
    g = evo_lab.make_game(gid, players=evo_lab.game_info(gid).min_players)
    if gid in ("evo2e", "evo1e"):
        st = g.data.setup
    elif gid == "origin":
        st = g.pack.setup
    else:
        lo, hi = g.pack.setup(g.variant)["players"]
        return range(lo, hi + 1)
    return range(st["players_min"], st["players_max"] + 1)


@pytest.mark.parametrize(
    "gid", ["evo2e", "evo1e", "evolution", "evolution-climate", "evolution-course2016", "origin"]
)
def test_the_shipped_pack_agrees_with_the_registration(gid):
    """The kit reads the player range from the registration; the packs carry it with its provenance and a game
    built from its pack checks that one: for the shipped packs the two agree."""
    assert _pack_range(gid) == evo_lab.game_info(gid).players


def test_every_registration_has_a_view_and_a_kit_with_its_bots():
    from evo_lab.bots import bot_names

    for gid in evo_lab.registered_games():
        info = evo_lab.game_info(gid)
        assert info.view, gid
        cls = view_class(evo_lab.make_game(gid, players=info.min_players))
        assert cls.__module__.startswith("evo_lab.views.games"), gid
        kit = importlib.import_module(info.kit)
        assert kit.GAME == (info.variant_of if info.options else gid), (
            gid
        )  # a variant id plays its game's kit
        assert sorted(info.bots) == bot_names(gid), gid


def test_the_readme_table_is_generated_from_the_registrations():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert games_markdown() in text, "run: python scripts/gen_games_table.py"
    for gid in evo_lab.registered_games():
        assert f"| `{gid}` |" in text
