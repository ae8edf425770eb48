"""``Game``: the static configuration of an Evo game (players, board, data pack, rule options, seed).

>>> g = Game(players=3, seed=7)
>>> g.players, g.board.players, len(g.board) > 20
(3, 3, True)
>>> s = g.new_initial_state()
>>> s.is_chance_node()
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from collections.abc import Mapping

import numpy as np

from ...core.checks import seed_of
from ...core.errors import EvoLabError, FormatError, GameConfigError, excerpt
from ...core.flow import Flow
from .board import Board
from ...core.game import GameBase
from ...core.options import RuleOptionsBase, option
from ...core.registry import check_players
from .actions import DIE, Action
from .datapack import CLIMATE_STATES, DataPack, load_data
from .flow import FLOW
from .jsontypes import JSONDict

if TYPE_CHECKING:
    from .genes import Hook, Stats
    from .state import State

__all__ = ["Game", "RuleOptions", "GameConfigError", "LEGACY_OPTIONS", "LEGACY_FINGERPRINTS"]


@dataclass(frozen=True)
class RuleOptions(RuleOptionsBase):
    """Named rule switches. Each default is the ruling documented in ``docs/rulings.md``.

    >>> RuleOptions().open_mp
    True
    >>> RuleOptions.from_dict({"open_mp": False}).open_mp
    False
    """

    #: Observations show every player's MP (teaching default); False hides opponents' MP (face-down tokens).
    open_mp: bool = True
    #: A player may decline a birth (rulebook: "each player can add new dinosaurs"). Ruling R5.
    birth_optional: bool = True
    #: Only the first Prescience played in a climate phase takes effect; the window then closes. Ruling R9.
    prescience_once_per_phase: bool = True
    #: Frenzied attack is offered only while the player has an attack available. Ruling R10.
    frenzied_needs_attack: bool = True
    #: Flippers at most once per movement phase (wings always are, by the card text). Ruling R7.
    flippers_once_per_phase: bool = True
    #: Who a card window asks: "all" (every player holding a card; hides who holds what) or "holders". R18.
    card_windows: str = option("all", choices=("all", "holders"))
    #: Wings land exactly 2 spaces away (not next to the start). Ruling R7.
    wings_exact_two: bool = True
    #: A second Frenzied attack may be played in the same movement phase and adds its horns. Ruling R19.
    frenzied_attack_stacks: bool = True
    #: Edition switch: "2e" here; Evo first edition is the variant game ``evo1e`` (its own options class).
    edition: str = option("2e", choices=("2e",), hint="Evo first edition is the game 'evo1e'")


#: The rules of evo-lab 0.1 (positions and records of version 1 were played under them).
LEGACY_OPTIONS = {"card_windows": "holders", "wings_exact_two": False, "frenzied_attack_stacks": False}
#: Fingerprints of earlier shipped packs that hold the same rules data as today's (version-1 files name them).
LEGACY_FINGERPRINTS = frozenset({"f64f72a575f3d7b6"})


class Game(GameBase):
    """Static configuration shared by every state of one game (registered as ``"evo2e"``).

    ``Game(players=4, seed=None, board=None, data=None, options=None)``: ``board`` is a
    :class:`~evo_lab.games.evo2e.board.Board`, a path to a board file or ``None`` (the reconstructed standard board for
    that player count); ``data`` a :class:`~evo_lab.games.evo2e.datapack.DataPack`, a pack path or ``None`` (the
    shipped Evo 2e pack); ``options`` a :class:`RuleOptions` or a dict of its fields; ``seed`` seeds
    ``game.rng`` (a ``numpy.random.Generator``) that samplers use by default.
    """

    name = "evo2e"
    version = 2
    read_versions = (1,)
    #: The rule options of this game (a variant subclasses it with its own switches).
    options_class: type[RuleOptions] = RuleOptions
    options: RuleOptions
    #: The pack folder ``evo_lab/<...>`` loaded when ``data`` is None.
    pack_dir: tuple[str, ...] = ("data", "evo2e")

    # ----- variant hooks (python-chess style: a variant is a subclass overriding a few of these) -----------
    #: The flow the game runs on (:mod:`.flow`); a variant's is this one with some step handlers replaced
    #: (``FLOW.variant(...)``: Evo first edition's :mod:`evo_lab.games.evo1e.flow`).
    flow: Flow[State, Action] = FLOW

    # ----- tables of the genes' hot paths (:func:`evo_lab.games.evo2e.genes.tables` fills them)
    ustats: dict[int, Stats]  #: unique-gene numbers by gene mask (filled on first use)
    slot_effects: tuple[tuple[tuple[int, int], ...], ...]  #: per effect: (normal gene, amount per copy)
    hook_table: dict[str, list[tuple[int, Hook]]]  #: per hook point: (unique gene bit, hook)
    move_option_hooks: dict[int, tuple[Hook, ...]]  #: by gene mask (filled on use)
    births_onto: dict[int, bool]  #: by gene mask (filled on use)

    @classmethod
    def default_pack(cls) -> DataPack:
        """The shipped pack of this game (``load_data`` of :attr:`pack_dir`)."""
        return load_data(default_dir=cls.pack_dir)

    def cards_playable(self, s: State, player: int) -> bool:
        """Whether ``player`` may play event cards at all now: from round ``cards_from_round`` of the pack's setup
        on (Evo 2e: 1, always; Evo first edition: 3)."""
        return s.round >= self.data.setup["cards_from_round"]

    def attack_lost(self, s: State, src: int, dst: int) -> None:
        """An attack from ``src`` on ``dst`` failed. Evo 2e: "The two dinosaurs stay where they are"."""

    def orphan_birth_spaces(self, s: State, player: int) -> tuple[int, ...]:
        """Where ``player``, with no dinosaur on the board, may place a newborn. Evo 2e: nowhere ("The player
        places a new dinosaur pawn on a space adjacent to one of his dinosaurs"; a clan never falls below 2)."""
        return ()

    def __init__(
        self,
        players: int = 4,
        seed: int | None = None,
        board: Board | str | Path | None = None,
        data: DataPack | str | Path | None = None,
        options: RuleOptions | Mapping[str, Any] | None = None,
    ):
        self.data = (
            data if isinstance(data, DataPack) else (self.default_pack() if data is None else load_data(data))
        )
        d = self.data
        self.players = check_players(
            self.title, players, range(d.setup["players_min"], d.setup["players_max"] + 1)
        )
        if board is None:
            board = Board.standard(players)
        elif isinstance(board, (str, Path)):
            board = Board.load(board)
        if not isinstance(board, Board):
            raise GameConfigError(f"board must be a Board, a board file or None, got {type(board).__name__}")
        if board.players < players:
            raise GameConfigError(
                f"board {board.name!r} has start areas for {board.players} players, not {players}"
            )
        for t in set(board.terrain):
            if t not in d.terrains:
                raise GameConfigError(
                    f"board terrain {t!r} is not in the data pack's terrains {list(d.terrains)}"
                )
        self.board = board
        self.options = self.options_class.from_dict(options)
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0
        ):
            raise GameConfigError(f"seed must be a non-negative integer or None, got {excerpt(seed)}")
        self.seed = None if seed is None else int(seed)
        self.rng = np.random.default_rng(self.seed)
        from . import phases  # noqa: F401 - phases fill the flow's tables
        from .observer import EvoObserver

        self.observer = EvoObserver(self)
        self._tables()

    @property
    def state_class(self) -> type:  # type: ignore[override]
        from .state import State

        return State

    # ----- precomputed tables the state machine reads on its hot paths
    def _tables(self) -> None:
        d, b = self.data, self.board
        s = d.setup
        self.n_normal = len(d.normal_genes)
        self.gene_ids: tuple[str, ...] = tuple(g.id for g in d.normal_genes) + tuple(
            u.id for u in d.unique_genes
        )
        self.gene_names: tuple[str, ...] = tuple(g.name for g in d.normal_genes) + tuple(
            u.name for u in d.unique_genes
        )
        self.gene_index = {g: i for i, g in enumerate(self.gene_ids)}
        #: The normal gene whose winner draws an event card instead (Evo first edition's ``card``), or None.
        self.card_gene = self.gene_index.get("card") if "card" in self.gene_ids[: self.n_normal] else None
        self.n_unique = len(d.unique_genes)
        self.unique_ids = tuple(u.id for u in d.unique_genes)
        self.bag0 = [g.count for g in d.normal_genes] + [0] * self.n_unique
        self.excluded_count = self.n_unique - s["unique_genes_in_bag"]
        self.bit = {gid: 1 << i for i, gid in enumerate(self.unique_ids)}
        self._card_tables()
        self.token_ids = tuple(t.id for t in d.tokens) + ("meteorite",)
        self.token_shifts = tuple(t.shift for t in d.tokens)
        self.meteorite = len(d.tokens)
        self.tokens0 = [t.count for t in d.tokens]
        self.pile_length = sum(self.tokens0) - s["climate_discard"] + 1
        self.bottom = s["climate_bottom_pile"]
        self.n_sections = len(d.wheel)
        terr_index = {t: i for i, t in enumerate(d.terrains)}
        code = {c: i for i, c in enumerate(CLIMATE_STATES)}
        self.section_codes = tuple(tuple(code[sec.states[t]] for t in d.terrains) for sec in d.wheel)
        self.die_kinds = tuple(dict.fromkeys(d.die_faces))
        self.die_weights = tuple(d.die_faces.count(k) for k in self.die_kinds)
        self.die_symbols = tuple(d.die_symbols[k] for k in self.die_kinds)
        self.die_outcomes = ([Action(DIE, i) for i in range(len(self.die_kinds))], list(self.die_weights))
        self.n = len(b)
        self.adj = b.adjacency
        self.coastal = b.coastal
        self.coastal_list = tuple(i for i in range(self.n) if b.coastal[i])
        self.space_terrain = tuple(terr_index[t] for t in b.terrain)
        self.labels = b.labels
        self.label_index = {lab.upper(): i for i, lab in enumerate(b.labels)}
        self.starts = b.start_areas[: self.players]
        self.max_dinos = s["dinosaurs_per_player"]
        self.wings_reach = tuple(self._wings_reach(sp) for sp in range(self.n))
        self._within_cache: dict[tuple[int, int], tuple[int, ...]] = {}
        self._within_tables: dict[int, tuple[tuple[int, ...], ...]] = {}
        from . import genes

        genes.tables(self)

    def _card_tables(self) -> None:
        from .cards import CARDS, WINDOWS

        d = self.data
        self.card_ids = tuple(c.id for c in d.events)
        self.card_names = tuple(c.name for c in d.events)
        self.card_effects = tuple(c.effect for c in d.events)
        self.card_timing = tuple(c.timing for c in d.events)
        self.card_params = tuple(c.shifts if c.shifts else (-1,) for c in d.events)
        self.window_cards = {t: tuple(i for i, c in enumerate(d.events) if c.timing == t) for t in WINDOWS}
        self.deck0 = [c.count for c in d.events]
        rules = [CARDS[e] for e in dict.fromkeys(self.card_effects)]
        self.card_allowances = tuple(r.allowance for r in rules if r.allowance is not None)  # survival hooks

    def _wings_reach(self, sp: int) -> tuple[int, ...]:
        """Where wings may land from ``sp``: two steps along the land graph (the first space may be occupied),
        in discovery order; with ``wings_exact_two`` not on a space next to ``sp``."""
        adj = self.adj
        out: list[int] = []
        for b in adj[sp]:
            for c in adj[b]:
                if c != sp and c not in out and not (self.options.wings_exact_two and c in adj[sp]):
                    out.append(c)
        return tuple(out)

    def within_table(self, k: int) -> tuple[tuple[int, ...], ...]:
        """The spaces within ``k`` steps of each space (``within_table(k)[space]``), computed once per ``k``."""
        tab = self._within_tables.get(k)
        if tab is None:
            tab = self._within_tables[k] = tuple(self.within(sp, k) for sp in range(self.n))
        return tab

    def within(self, space: int, k: int) -> tuple[int, ...]:
        key = (space, k)
        r = self._within_cache.get(key)
        if r is None:
            r = self.adj[space] if k == 1 else self.board.within(space, k)
            self._within_cache[key] = r
        return r

    def to_dict(self, full: bool = False) -> JSONDict:
        """The configuration as JSON-able data (the standard board and shipped pack by name)."""
        cache: dict[bool, str] = self.__dict__.setdefault("_dict_cache", {})
        if full not in cache:  # the configuration is static: hashing the pack once per game is enough
            cache[full] = json.dumps(self._to_dict(full))
        config: JSONDict = json.loads(cache[full])
        return config

    def _to_dict(self, full: bool) -> JSONDict:
        standard = self.board.name == f"standard-{self.board.players}p" and self.board == Board.standard(
            self.board.players
        )
        default_pack = self.data.fingerprint() == self.default_pack().fingerprint()
        return {
            "players": self.players,
            "board": self.board.name if standard and not full else self.board.to_dict(),
            "data": {"name": self.data.name, "fingerprint": self.data.fingerprint()}
            if default_pack and not full
            else cast("JSONDict", self.data.to_dict()),
            "options": self.options.to_dict(),
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, d: object, version: int | None = None) -> Game:
        """The game of a configuration (``game.to_dict()``; errors name ``config.<field>``). ``version=1``: a
        file of evo-lab 0.1 (where the configuration was ``game``), read under the rules it was played with
        (:data:`LEGACY_OPTIONS` unless it names them)."""
        where = "game" if version == 1 else "config"
        if not isinstance(d, Mapping):
            raise FormatError("must be an object", where)
        players = d.get("players")
        if isinstance(players, bool) or not isinstance(players, int):
            raise FormatError(f"must be an integer, got {excerpt(players)}", f"{where}.players")
        seed_of(d.get("seed"), f"{where}.seed")
        board = _board_from(d.get("board"), where)
        data = _data_from(d.get("data"), where, cls.default_pack())
        options = d.get("options")
        if version == 1:
            options = {**LEGACY_OPTIONS, **(options if isinstance(options, Mapping) else {})}
        if options is not None and not isinstance(options, Mapping):
            raise FormatError(
                f"must be an object of rule options, got {excerpt(options)}", f"{where}.options"
            )
        try:
            return cls(players=players, seed=d.get("seed"), board=board, data=data, options=options)
        except GameConfigError as e:
            raise FormatError(
                str(e), f"{where}.options" if "option" in str(e) or "edition" in str(e) else where
            ) from None

    def __repr__(self) -> str:
        return f"Game(players={self.players}, board={self.board.name!r}, data={self.data.name!r}, seed={self.seed})"


def _board_from(bd: object, where: str) -> Board:
    if isinstance(bd, str):
        if not bd.startswith("standard-"):
            raise FormatError(f"unknown board name {excerpt(bd)}", f"{where}.board")
        try:
            return Board.standard(int(bd[len("standard-") :].rstrip("p")))
        except (ValueError, EvoLabError) as e:
            raise FormatError(str(e), f"{where}.board") from None
    if isinstance(bd, Mapping):
        try:
            return Board.from_dict(dict(bd), source=f"{where}.board")
        except EvoLabError as e:
            raise FormatError(str(e), f"{where}.board") from None
    raise FormatError(f"must be a board name or a board object, got {excerpt(bd)}", f"{where}.board")


def _data_from(dd: object, where: str, default: DataPack) -> DataPack:
    if isinstance(dd, Mapping) and "pack" in dd:
        try:
            return load_data(dd)
        except EvoLabError as e:
            raise FormatError(str(e), f"{where}.data") from None
    if isinstance(dd, Mapping) and "fingerprint" in dd:
        data = default
        fp = dd["fingerprint"]
        if not isinstance(fp, str):
            raise FormatError(f"must be a fingerprint string, got {excerpt(fp)}", f"{where}.data.fingerprint")
        if fp != data.fingerprint() and fp not in LEGACY_FINGERPRINTS:
            raise FormatError(
                f"data pack fingerprint {excerpt(fp)} does not match the shipped pack "
                f"({data.fingerprint()}); save with the full pack",
                f"{where}.data.fingerprint",
            )
        return data
    raise FormatError(
        f"must name the pack (name, fingerprint) or hold a full pack, got {excerpt(dd)}", f"{where}.data"
    )
