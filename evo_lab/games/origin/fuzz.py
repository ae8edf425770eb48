"""The random-play fuzzer of *Evolution: The Origin of Species* (``scripts/fuzz_origin.py`` runs it in parallel).

One seeded uniformly random game, checked at every node: ``state.check_invariants()``; chance outcomes positive
``Fraction`` s summing to exactly 1 with integer weights; decision nodes with a player and distinct legal actions,
whose text forms parse back to themselves (every ``text_every``-th node); every ``json_every``-th state survives the JSON round trip (same position, same legal
actions); every ``codec_every``-th node's actions survive the dense codec; at the end the record replays to the same
final position, the returns sum to 1 and the scores are final. Every fifth game uses rule options drawn from the
seed, so every ruling's other side is played too.

>>> r = fuzz_game(3, 7)
>>> r["ok"], r["players"], r["actions"] > 100
(True, 3, True)
"""

from __future__ import annotations

import traceback
from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ...core.draw import draw
from .codec import ActionCodec

if TYPE_CHECKING:
    from .model import JSONObject
    from .state import OriginState

__all__ = ["fuzz_game", "fuzz_chunk", "options_for"]

_OPTION_CHOICES = {
    "six_player_bonus": (3, 4),
    "voluntary_pass": (True, False),
    "pass_is_final": (True, False),
    "paired_score": ("card", "animal"),
    "mimicry_compulsory": (True, False),
    "tail_loss_compulsory": (True, False),
    "paired_limit": ("turn", "round"),
    "grazing_limit": ("turn", "round"),
    "piracy_needs_hunger": (True, False),
    "tiebreak_roll": (True, False),
}


def options_for(seed: int) -> JSONObject | None:
    """Rule options of fuzz game ``seed``: the defaults, except every fifth game draws each option from the seed."""
    if seed % 5 != 4:
        return None
    rng = np.random.default_rng(10_000_019 + seed)
    return {k: v[int(rng.random() * len(v))] for k, v in _OPTION_CHOICES.items()}


def _check_node(s: OriginState, codec: ActionCodec | None, texts: bool) -> None:
    if s.is_terminal():
        assert s.legal_actions() == [] and s.current_player() < 0, "a terminal state with actions"
        return
    if s.is_chance_node():
        outs, weights = s.chance_weights()
        assert all(isinstance(w, int) and w > 0 for w in weights), "chance weights must be positive integers"
        probs = [p for _, p in s.chance_outcomes()]
        assert sum(probs) == 1 and all(isinstance(p, Fraction) for p in probs), "chance must sum to exactly 1"
        assert len(set(outs)) == len(outs), "chance outcomes must be distinct"
    else:
        acts = s.legal_actions()
        assert acts, f"decision node {s.node_name()} without actions"
        assert len(set(acts)) == len(acts), "legal actions must be distinct"
        assert 0 <= s.current_player() < s.game.players, "a decision node without a player"
        for a in acts if texts else ():
            assert s.parse_action(s.action_to_string(a)) == a, f"{a!r} does not round-trip as text"
    if codec is not None:
        enc = codec.encode_chance if s.is_chance_node() else codec.encode
        dec = codec.decode_chance if s.is_chance_node() else codec.decode
        for a in s.legal_actions():
            assert dec(enc(a)) == a, f"{a!r} does not round-trip through the codec"


def fuzz_game(
    players: int,
    seed: int,
    json_every: int = 7,
    codec_every: int = 11,
    text_every: int = 3,
    replay: bool = True,
) -> JSONObject:
    """Play and check one game; returns a summary dict (``ok``, ``error``, counts of nodes and actions)."""
    import evo_lab

    opts = options_for(seed)
    out: JSONObject = {"players": players, "seed": seed, "options": opts, "ok": True, "error": None}
    nodes: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    try:
        g = evo_lab.make_game("origin", players=players, seed=seed, options=opts)
        codec = ActionCodec(g) if codec_every else None
        rng = np.random.default_rng(seed)
        s = g.new_initial_state()
        i = 0
        while True:
            s.check_invariants()
            nodes[s.node_name()] += 1
            _check_node(
                s,
                codec if codec_every and i % codec_every == 0 else None,
                bool(text_every) and i % text_every == 0,
            )
            if json_every and i % json_every == 0:
                back = type(s).from_json(s.to_json(), g)
                assert back.to_dict() == s.to_dict(), "the position changed in a JSON round trip"
                assert back.legal_actions() == s.legal_actions(), "legal actions changed in a JSON round trip"
            if s.is_terminal():
                break
            if s.is_chance_node():
                outs, w = s.chance_weights()
                a = outs[draw(w, rng)]
            else:
                acts = s.legal_actions()
                a = acts[int(rng.random() * len(acts))]
                kinds[a[0]] += 1
            s.apply_action(a)
            i += 1
        assert abs(sum(s.returns()) - 1.0) < 1e-12 and s.final_scores is not None, "bad returns at the end"
        if replay:
            back = type(s).from_record(s.record_json())
            assert back.to_dict() == s.to_dict(), "the record does not replay to the same final position"
        out.update(
            actions=i,
            turns=s.turn,
            decisions=sum(kinds.values()),
            scores=list(s.final_scores),
            winners=s.winners(),
        )
    except Exception as e:  # noqa: BLE001 - the fuzzer reports every failure with its seed
        out.update(ok=False, error=f"{type(e).__name__}: {e}", trace=traceback.format_exc(limit=6))
    out["nodes"], out["kinds"] = dict(nodes), dict(kinds)
    return out


def fuzz_chunk(items: list[tuple[int, int, int, int, int]]) -> list[JSONObject]:
    """``map_chunks`` worker: ``items`` are ``(players, seed, json_every, text_every, codec_every)``."""
    return [
        fuzz_game(p, seed, json_every, codec_every, text_every)
        for p, seed, json_every, text_every, codec_every in items
    ]
