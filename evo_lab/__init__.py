"""evo-lab: a kit for teaching and exploring the board game Evo (Second Edition) in Jupyter.

>>> import evo_lab
>>> game = evo_lab.Game(players=4, seed=1)
>>> state = game.new_initial_state()
>>> state.current_player() == evo_lab.CHANCE
True
"""

from .core import (
    CHANCE,
    TERMINAL,
    EvoLabError,
    FormatError,
    GameConfigError,
    GameInfo,
    GameTree,
    IllegalActionError,
    UnknownGameError,
    apply_random_chance,
    game_info,
    load_position,
    load_record,
    load_tree,
    make_game,
    play_out,
    registered_games,
    sample_chance,
)
from .games.evo2e import Action, Game, Position, RuleOptions, State, build_position
from .games.evo2e.board import Board, BoardError
from .games.evo2e.datapack import DataError, DataPack, load_data

__version__ = "0.2.0"

__all__ = [
    "Board",
    "BoardError",
    "CHANCE",
    "TERMINAL",
    "EvoLabError",
    "FormatError",
    "GameTree",
    "IllegalActionError",
    "apply_random_chance",
    "play_out",
    "sample_chance",
    "DataError",
    "DataPack",
    "load_data",
    "Action",
    "Game",
    "GameConfigError",
    "RuleOptions",
    "State",
    "__version__",
    "make_game",
    "registered_games",
    "UnknownGameError",
    "load_position",
    "load_record",
    "build_position",
    "Position",
    "load_tree",
    "game_info",
    "GameInfo",
]


def __getattr__(name: str):  # lazy: the widgets import ipywidgets, anywidget and plotly (about 0.4 s or more)
    if name in ("Explorer", "BoardEditor", "DataEditor", "PositionEditor"):
        from .views import widgets

        return getattr(widgets, name)
    if name in ("simulate", "SimulationResult"):
        from . import sim

        return getattr(sim, name)
    if name in ("analyse", "Analysis"):
        from .core import analysis

        return getattr(analysis, name)
    if name == "make_bot":
        from .bots import make_bot

        return make_bot
    raise AttributeError(f"module 'evo_lab' has no attribute {name!r}")
