"""The Jupyter kit's logic from Python: board selection and highlights, clicks that play actions, errors that
change nothing, the stepper's undo/redo/time travel/variations, load/save, views and the panels' odds."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

import evo_lab
from evo_lab.views.snapshot import board_geometry, describe_last, snapshot
from evo_lab.views.widgets import (
    Explorer,
    Session,
    SessionError,
    odds_bridge,
)
from evo_lab.views.games.evo2e.climate import wheel_svg


def _to_movement(session: Session) -> None:
    while session.state.node_name() != "move":
        session.step("random")


@pytest.fixture(scope="module")
def explorer() -> Explorer:
    return Explorer(evo_lab.Game(players=4, seed=3))


def fresh(seed: int = 3, players: int = 4) -> Explorer:
    return Explorer(evo_lab.Game(players=players, seed=seed))


def _two_lines(seed: int = 9) -> Explorer:
    """An explorer at the movement phase whose tree has two lines (a variation) from the first move."""
    ex = fresh(seed=seed)
    s = ex.session
    _to_movement(s)
    s.play(s.state.legal_actions()[0])
    s.undo()
    s.play(s.state.legal_actions()[-1])
    return ex


# ---------------------------------------------------------------- snapshot
def test_snapshot_targets_match_the_engine():
    s = evo_lab.Game(players=4, seed=11).new_initial_state()
    rng = np.random.default_rng(11)
    policy = lambda st: st.legal_actions()[int(rng.integers(len(st.legal_actions())))]
    evo_lab.play_out(s, policy, rng, stop=lambda st: st.node_name() == "move")
    snap = snapshot(s)
    json.dumps(snap)  # JSON-able
    board_moves = {
        s.action_to_string(a) for a in s.legal_actions() if a.kind in ("move", "attack", "wings", "flippers")
    }
    assert {it["action"] for items in snap["targets"].values() for it in items} == board_moves
    for src, items in snap["targets"].items():
        assert s.occupants[int(src)] == s.current_player()
        for it in items:
            a = s.parse_action(it["action"])
            assert a.b == it["dst"]
            if a.kind == "attack":
                assert Fraction(it["p"]) == s.attack_probability(a.a, a.b)
    # a viewer who is not to act gets no targets
    other = (s.current_player() + 1) % 4
    assert snapshot(s, other)["targets"] == {} and not snapshot(s, other)["can_act"]
    assert snapshot(s, s.current_player())["targets"] == snap["targets"]


def test_geometry_matches_the_svg_renderer():
    b = evo_lab.Board.standard(3)
    geo = board_geometry(b)
    svg = b.to_svg()
    assert geo["n"] == b.n == len(geo["spaces"])
    for sp in geo["spaces"][:5]:
        assert f'data-label="{sp["label"]}"' in svg and f'points="{sp["points"]}"' in svg
    assert geo["reconstructed"] is True


def test_describe_last_fight_shows_die_face_and_result():
    s = evo_lab.build_position(
        2,
        phase="movement",
        dinosaurs={"P1": ["C3", "C4"], "P2": ["D4", "D5", "E4"]},
        genes={"P1": {"horn": 1}},
    )
    s.apply_action("attack C3xD4")
    s.apply_action("die plus")  # 1 horn against 0: the plus wins
    assert tuple(s.last) == ("fight", s.game.label_index["C3"], s.game.label_index["D4"], "win", "plus")
    d = describe_last(s)
    assert d["face"] == "plus" and d["result"] == "win" and "Claw with plus sign" in d["text"]
    assert "succeeds" in d["text"]


# ---------------------------------------------------------------- board widget
def test_select_highlights_and_click_applies_the_action():
    ex = fresh()
    _to_movement(ex.session)
    w = ex.board
    src = int(next(iter(w.snapshot["targets"])))
    hl = w.select(src)
    st = ex.state
    expect = sorted(
        {a.b for a in st.legal_actions() if a.kind in ("move", "attack", "wings", "flippers") and a.a == src}
    )
    assert hl == expect and w.selected == src
    dst = hl[0]
    item = min(w.targets()[dst], key=lambda it: ["move", "attack", "flippers", "wings"].index(it["kind"]))
    ply = ex.tree.ply
    played = w.click(dst)
    assert played == item["action"]
    assert ex.tree.ply > ply and ex.tree.path()[ply + 1].text == played
    assert w.snapshot["ply"] == ex.tree.ply
    if item["kind"] == "move":
        assert ex.state.occupants[dst] == st.occupants[src] and ex.state.occupants[src] == -1
    # clicking a space that is neither a target nor a movable dinosaur clears the selection
    empty = next(i for i, o in enumerate(ex.state.occupants) if o < 0 and i not in w.targets())
    assert w.click(empty) == "" and w.selected == -1


def test_bad_action_string_shows_error_and_changes_nothing():
    ex = fresh()
    _to_movement(ex.session)
    w = ex.board
    before, ply, snap = ex.state.to_json(), ex.tree.ply, dict(w.snapshot)
    assert w.play("move Z9-A1") is False
    assert "unknown space" in w.error
    assert w.play("birth A1") is False and w.error  # legal syntax, illegal now
    w._on_msg(w, {"type": "action", "action": "fly to the moon"}, [])
    assert "unknown action" in w.error
    assert ex.state.to_json() == before and ex.tree.ply == ply and w.snapshot == snap
    assert "unknown action" in ex.stepper.message.value
    # the next legal action clears the error
    src = int(next(iter(w.snapshot["targets"])))
    w.select(src)
    w.click(w.highlighted[0])
    assert w.error == ""


def test_browser_message_plays_through_engine():
    ex = fresh(seed=5)
    _to_movement(ex.session)
    a = next(a for a in ex.state.legal_actions() if a.kind == "move")
    text = ex.state.action_to_string(a)
    ex.board._on_msg(ex.board, {"type": "action", "action": text}, [])
    assert ex.tree.current.text == text


def test_direct_targets_for_births():
    ex = fresh(seed=2)
    s = ex.session
    while s.state.node_name() != "birth" and not s.state.is_terminal():
        s.step("random")
    assert s.state.node_name() == "birth"
    w = ex.board
    births = {s.state.action_to_string(a) for a in s.state.legal_actions() if a.kind == "birth" and a.b < 0}
    assert {it["action"] for it in w.snapshot["direct"]} == births
    dst = w.snapshot["direct"][0]["dst"]
    assert w.click(dst) == w.snapshot["direct"][0]["action"] or ex.state.last[0] in ("birth", "killer_baby")


def test_attack_rolls_die_and_reports_the_fight():
    # find a seeded game with an attack available, then attack from the board
    for seed in range(40):
        ex = Explorer(evo_lab.Game(players=5, seed=seed))
        s = ex.session
        for _ in range(400):
            if s.state.is_terminal():
                break
            if s.state.node_name() == "move" and any(a.kind == "attack" for a in s.state.legal_actions()):
                break
            s.step("random")
        else:
            continue
        if s.state.node_name() == "move":
            break
    else:  # pragma: no cover
        pytest.fail("no attack found in 40 seeded games")
    a = next(a for a in s.state.legal_actions() if a.kind == "attack")
    w = ex.board
    w.select(a.a)
    assert a.b in w.highlighted
    item = next(it for it in w.targets()[a.b] if it["kind"] == "attack")
    assert Fraction(item["p"]) == s.state.attack_probability(a.a, a.b)
    assert (
        ex.combat.attacker.value == a.a
        and ex.combat.defender.value in w.targets()
        and "Attack plan" in ex.combat.plan.value
    )  # the combat tab follows the board's selection
    w.click(a.b)
    last = w.snapshot["last"]
    assert last["kind"] == "fight" and last["result"] in ("win", "lose") and last["face"] in s.game.die_kinds
    assert [n.text.split()[0] for n in ex.tree.path()[-2:]] == ["attack", "die"]


# ---------------------------------------------------------------- stepper and tree
def test_undo_redo_slider_and_variations():
    ex = fresh(seed=7)
    st, s = ex.stepper, ex.session
    _to_movement(s)
    ply = s.tree.ply
    acts = [a for a in s.state.legal_actions() if a.kind == "move"]
    assert len(acts) >= 2
    s.play(acts[0])
    first = s.state.to_json()
    st.undo()
    assert s.tree.ply == ply and st.history.value == ply
    st.redo()
    assert s.state.to_json() == first
    st.undo()
    s.play(acts[1])  # from a past point: the old line stays as a variation
    labels = [label for label, _ in st.variations.options]
    assert len(labels) == 2 and any("main line" in x for x in labels)
    main = next(n for _, n in st.variations.options if n.is_mainline())
    st.variations.value = main
    assert s.tree.current is main and s.state.to_json() == first
    # time travel with the slider, then back
    st.history.value = 3
    assert s.tree.ply == 3 and s.state.to_json() == s.tree.line()[3].state.to_json()
    st.history.value = st.history.max
    assert s.tree.ply == st.history.max


def test_human_step_refuses_decisions_and_play_to_phase():
    ex = fresh(seed=8)
    st = ex.stepper
    assert ex.state.node_name() == "bid"
    st.bot.value = ""
    st.b_step.click()
    assert "must decide" in st.message.value and ex.tree.ply == ex.tree.ply
    phase = ex.state.phase_name()
    st.play_to("phase")
    assert ex.state.phase_name() != phase
    r = ex.state.round
    st.play_to("round")
    assert ex.state.round == r + 1 or ex.state.is_terminal()
    st.play_to("end")
    assert ex.state.is_terminal() and st.b_step.disabled


def test_save_and_load_tree_record_position(tmp_path):
    ex = _two_lines()
    s = ex.session
    here = s.state.to_json()
    files = ex.files
    for kind in ("tree", "record", "position"):
        files.kind.value = kind
        text = files.save()
        assert json.loads(text)["format"] == f"evo-lab-{kind}"
        ex2 = fresh(seed=1, players=2)
        ex2.files.text.value = text
        assert ex2.files.load() == ""
        assert ex2.state.to_json() == here
        if kind == "tree":
            assert len(ex2.stepper.variations.options) == 2
        if kind == "record":
            assert ex2.tree.ply == s.tree.ply  # the whole line is in the history
    # a file path
    p = tmp_path / "g.json"
    files.kind.value = "record"
    files.path.value = str(p)
    files.save()
    assert json.loads(p.read_text())["format"] == "evo-lab-record"
    # bad input: a visible error, nothing changes
    files.path.value = ""
    files.text.value = '{"format": "evo-lab-position", "version": 1, "game": {"players": 9}}'
    err = files.load()
    assert "game" in err and ex.state.to_json() == here and "color:#b00020" in files.message.value
    with pytest.raises(evo_lab.FormatError):
        s.load("[1, 2]")


def test_new_game_and_views():
    ex = fresh(seed=3)
    ex.files.players.value = 3
    ex.files.seed.value = 42
    assert ex.files.new_game() == ""
    assert ex.state.game.players == 3 and ex.state.game.seed == 42 and ex.tree.ply > 0
    assert ex.state.phase_name() == "mutation"
    assert [v for _, v in ex.view.options] == [-1, 0, 1, 2] and ex.view.value == -1
    ex.view.value = 2
    assert ex.session.viewer == 2
    ex.view.value = -1
    assert ex.session.viewer is None
    # act as a player: their hidden information only
    s = ex.session
    while not any(s.state.hands):
        s.step("random")
    holder = next(p for p in range(3) if s.state.hands[p])
    other = (holder + 1) % 3
    ex.set_viewer(other)
    g = s.state.game
    card = g.card_names[g.card_ids.index(s.state.hand(holder)[0])]  # the players tab names cards as printed
    holder_card = ex.players.table.value.split("evo-player-card'>")[
        holder + 1
    ]  # the holder's card in the tab
    assert "hidden" in holder_card and card not in holder_card
    ex.set_viewer(holder)
    assert card in ex.players.table.value
    ex.set_viewer(None)
    assert "teacher" in ex.header.value and "assumed data" in ex.header.value
    with pytest.raises(SessionError):
        s.set_viewer(7)


# ---------------------------------------------------------------- panels
def test_action_picker_lists_words_with_odds_and_plays():
    ex = fresh(seed=4)
    pk = ex.picker
    labels = [label for label, _ in pk.choices()]
    assert all(label.startswith("bid") for label in labels) and "pays" in labels[0]
    pk.select.value = pk.choices()[-1][1]
    want = pk.select.value
    assert pk.play_selected() == ""
    assert ex.tree.current.text == want
    # chance nodes: outcomes with exact probabilities
    while not ex.state.is_chance_node():
        ex.session.step("random")
    outs = ex.state.chance_outcomes()
    assert (
        len(pk.choices()) == len(outs)
        and f"{outs[0][1].numerator}/{outs[0][1].denominator}" in pk.choices()[0][0]
    )


def test_combat_inspector_exact_odds_and_plan():
    ex = fresh()
    c = ex.combat
    c.attacker.value = -1
    c.defender.value = -1
    c.att.value, c.dfn.value = 1, 0
    r = c.odds()
    assert r["probability"] == Fraction(2, 3)
    assert sum((f["contribution"] for f in r["faces"].values()), Fraction(0)) == r["probability"]
    assert "2/3" in c.result.value
    c.large_horn.value = True
    assert c.odds()["attack"] == 3 and c.odds()["probability"] == Fraction(5, 6)
    assert list(c.figure().data[0].marker.color).count("#2e9e44") == 4  # every face but the cross wins at +3
    # pick two dinosaurs: horns from the state, an attack plan with movement points
    st = ex.state
    a = st.dinosaurs(0)[0]
    d = st.dinosaurs(1)[0]
    r = c.pick(a, d)
    assert r["probability"] == st.attack_probability(a, d)
    assert "Attack plan" in c.plan.value
    # selecting on the board sets the attacker
    _to_movement(ex.session)
    src = int(next(iter(ex.board.snapshot["targets"])))
    ex.board.select(src)
    assert c.attacker.value == src
    with pytest.raises(ValueError):
        odds_bridge.combat(ex.session.game, -1, 0)


def test_attack_plan_outside_the_turn_walks_then_retries():
    ex = fresh(seed=6)
    st = ex.state.clone()
    a, d = st.dinosaurs(0)[0], st.dinosaurs(1)[0]
    assert st.is_protected(1)  # two dinosaurs: may not be attacked at all
    assert odds_bridge.attack_plan(st, a, d, movement_points=20)["probability"] == 0
    spare = next(i for i, o in enumerate(st.occupants) if o < 0 and i not in st.game.adj[d])
    pos = st.position()  # a third dinosaur lifts the protection
    pos.dinosaurs["P2"].append(st.game.labels[spare])
    st = pos.build()
    single = st.attack_probability(a, d)
    plan = odds_bridge.attack_plan(st, a, d, movement_points=20)  # not the movement phase: built-in
    k = plan["attempts"]
    assert k == 20 - (len(plan["path"]) - 1) and plan["path"][0] == a and d in st.game.adj[plan["path"][-1]]
    assert plan["probability"] == 1 - (1 - single) ** k
    assert odds_bridge.attack_plan(st, a, d, movement_points=len(plan["path"]) - 1)["probability"] == 0
    with pytest.raises(ValueError):
        odds_bridge.attack_plan(st, a, a)
    # in the movement phase the odds package's optimal plan is used; never worse than the walk-and-retry plan
    for seed in range(30):
        s = evo_lab.Game(players=5, seed=seed).new_initial_state()
        rng = np.random.default_rng(seed)

        def pol(x, rng=rng):
            return x.legal_actions()[int(rng.integers(len(x.legal_actions())))]

        evo_lab.play_out(
            s,
            pol,
            rng,
            stop=lambda x: x.node_name() == "move" and any(b.kind == "attack" for b in x.legal_actions()),
        )
        if not s.is_terminal():
            break
    att = next(b for b in s.legal_actions() if b.kind == "attack")
    best = odds_bridge.attack_plan(s, att.a, att.b)
    walk = odds_bridge._shortest_walk(s, att.a, att.b)
    simple = 1 - (1 - s.attack_probability(att.a, att.b)) ** (s.mp_left - (len(walk) - 1))
    assert best["probability"] >= simple > 0


def test_climate_panel_forecast_and_whatif():
    ex = fresh(seed=3)
    cp = ex.climate
    assert 'data-section="' in cp.wheel.value and cp.wheel.value.count('class="sector') == 6 * 4
    fc = cp.forecast()
    assert sum(fc["game_length"].values()) == 1
    for d in fc["sections"]:
        assert sum(d.values()) == 1
    assert set(fc["game_length"]) == {9, 10, 11}
    # the trajectory chart shows the forecast
    z = cp.figures()[0].data[0].z
    assert abs(sum(row[0] for row in z) - 1) < 1e-9
    # what-if: at the token node, choose the next token and reveal it
    s = ex.session
    while s.state.node_name() != "token":
        s.step("random")
    outs = odds_bridge.next_token_outcomes(s.state)
    assert sum(p for _, p, _ in outs) == 1
    tid, _, sec = outs[0]
    cp.whatif.value = tid
    assert f"section <b>{sec}</b>" in cp.whatif_out.value and not cp.reveal.disabled
    assert cp.reveal_choice() == ""
    assert s.state.revealed[-1] == s.game.token_ids.index(tid)
    assert f'data-section="{s.state.section}"' in cp.wheel.value


def test_climate_bridge_is_the_odds_package():
    from evo_lab.games.evo2e.odds import climate_forecast

    s = evo_lab.Game(players=3, seed=2).new_initial_state_dealt(np.random.default_rng(2))
    f = climate_forecast(s, s.game.pile_length)
    got = odds_bridge.climate(s)
    assert got["game_length"] == f.game_length and got["sections"] == f.sections and got["alive"] == f.reached
    assert odds_bridge.combat(s.game, 2, 3)["probability"] == Fraction(1, 6)


def test_auction_panel_bids():
    ex = fresh(seed=4)
    ap = ex.auction
    assert "event card" in ap.table.value
    lot = ap.lot.options[-1][1]
    ap.lot.value = lot
    v = ap.value.options[-1][1]
    assert ap.bid(lot, v) == ""
    assert ex.tree.current.text == f"bid {v} on lot {lot}"
    holder = ex.state.current_player()
    assert ap.bid(lot, 0) != ""  # a lower bid on a held lot is refused
    assert ex.state.current_player() == holder
    # view as a player who is not bidding: no bid controls
    ex.set_viewer((holder + 1) % 4)
    assert ap.bid_button.disabled


def test_wheel_svg_marks_current_section():
    g = evo_lab.Game(players=2)
    svg = wheel_svg(g, 4)
    assert svg.count('class="current"') == 1 and 'data-section="4"' in svg


def test_explorer_from_state_and_lazy_export():
    s = evo_lab.Game(players=2, seed=1).new_initial_state()
    ex = evo_lab.Explorer(s, deal=False)
    assert ex.state.phase_name() == "setup" and ex.tree.ply == 0
    ex.stepper.step()
    assert ex.tree.ply == 1
    with pytest.raises(SessionError):
        Session(42)


# ---------------------------------------------------------------- issue 14: what a new teacher hit
def test_load_uses_the_typed_path_and_the_chosen_kind(tmp_path):
    ex = _two_lines()
    files = ex.files
    files.kind.value = "tree"
    files.save()  # the text box now holds the tree
    other = fresh(seed=2)
    _to_movement(other.session)
    path = tmp_path / "other.json"
    path.write_text(other.session.save("record"))
    files.path.value = str(path)
    files.kind.value = "record"
    assert files.load() == ""  # the typed path wins over the text box
    assert ex.state.to_json() == other.state.to_json() and "from " + str(path) in files.message.value
    assert not ex.stepper.variations.options and ex.tree.ply == other.tree.ply
    # the kind chosen is respected: a tree's text loaded as a position has no history, as a record no variations
    files.path.value = ""
    ex2 = _two_lines()
    tree_text = ex2.session.save("tree")
    for kind, ply, variations in (("tree", ex2.tree.ply, 2), ("record", ex2.tree.ply, 0), ("position", 0, 0)):
        files.kind.value = kind
        files.text.value = tree_text
        assert files.load() == "" and f"loaded a {kind}" in files.message.value
        assert ex.state.to_json() == ex2.state.to_json()
        assert ex.tree.ply == ply and len(ex.stepper.variations.options) == variations


def test_load_with_nothing_or_a_missing_file_says_so():
    ex = fresh()
    files = ex.files
    before = ex.state.to_json()
    files.text.value = ""
    files.path.value = ""
    err = files.load()
    assert (
        err.startswith("nothing to load: type a file path") and "JSON" in err and "Expecting value" not in err
    )
    files.path.value = "/nonexistent/game.json"
    err = files.load()
    assert err == "/nonexistent/game.json: no such file" and ex.state.to_json() == before
    files.path.value = ""
    files.text.value = "{not json"
    err = files.load()
    assert err.startswith("not valid JSON (") and "line 1" in err and ex.state.to_json() == before


def test_no_last_move_ring_after_the_turn_passes():
    ex = fresh(seed=3)
    s = ex.session
    _to_movement(s)
    mover = s.state.current_player()
    a = next(a for a in s.state.legal_actions() if a.kind == "move")
    s.play(a)
    last = ex.board.snapshot["last"]
    assert (
        last["kind"] == "move" and last["dst"] == a.b and last["text"].startswith(f"P{mover + 1} moves from")
    )
    while s.state.node_name() == "move" and s.state.current_player() == mover:
        s.play(next(b for b in s.state.legal_actions() if b.kind == "end"))
    last = ex.board.snapshot["last"]
    assert "dst" not in last and last["text"].startswith(f"P{mover + 1} ends movement")


def test_combat_follows_the_attacker_and_drops_a_stale_defender():
    ex = fresh(seed=3)
    s = ex.session
    _to_movement(s)
    st = s.state
    me = st.current_player()
    src = next(i for i in st.dinosaurs(me) if any(a.kind == "move" and a.a == i for a in st.legal_actions()))
    enemy = next(i for i in range(st.game.n) if st.occupant(i) not in (-1, me))
    ex.combat.pick(src, enemy)
    mv = next(a for a in st.legal_actions() if a.kind == "move" and a.a == src)
    s.play(mv)
    assert ex.combat.attacker.value == mv.b and ex.combat.defender.value == enemy  # followed the move
    assert f"P{me + 1}&#x27;s dinosaur on {st.game.labels[mv.b]}" in ex.combat.result.value
    ex.combat.pick(mv.b, enemy)
    s.undo()  # the attacker's dinosaur is no longer there
    assert ex.combat.attacker.value == -1 and ex.combat.defender.value == -1


def _sixth_sense_peek() -> Session:
    """A session (no panels yet) where a sixth-sense holder has seen the next climate token."""
    for seed in range(80):
        s = Session(evo_lab.Game(players=4, seed=seed), seed=seed)
        while not s.state.is_terminal() and s.state.round <= 8:
            if (
                s.observation()["climate"].get("next_token")
                and not s.state.is_chance_node()
                and any(s.state.has(p, "sixth_sense") for p in range(4))
            ):
                return s
            s.step("lively")
    pytest.skip("no seed with a sixth-sense peek")


def test_climate_tab_uses_the_same_knowledge_as_its_viewer():
    s = _sixth_sense_peek()
    ex = Explorer(s.tree)
    s = ex.session
    tid = s.observation()["climate"]["next_token"]
    holders = [p for p in range(4) if s.state.has(p, "sixth_sense")]
    holder, other = holders[0], next(p for p in range(4) if p not in holders)
    for viewer, knows in ((None, True), (holder, True), (other, False)):
        ex.set_viewer(viewer)
        opts = ex.climate.whatif.options
        if knows:
            assert len(opts) == 1 and opts[0][1] == tid and "1 (100%)" in opts[0][0]
            assert "The next token is known" in ex.climate.summary.value
            assert ex.climate.forecast() == odds_bridge.climate(s.state, viewer=viewer)
        else:
            assert len(opts) > 1 and "The next token is known" not in ex.climate.summary.value
            assert "hidden" in ex.players.table.value.split("Next climate token:")[1][:40]
            assert sum(p for _, p, _ in ex.climate.outcomes()) == 1


def test_history_says_who_did_what_in_plain_words():
    ex = fresh(seed=4)
    s = ex.session
    pk = ex.picker
    pk.select.value = next(v for lab, v in pk.choices() if "lot 0" in v)
    pk.play_selected()
    hist = ex.stepper.moves.value
    assert "bids" in hist and "for the event card" in hist and "P" in hist.split("bids")[0][-4:]
    _to_movement(s)
    while s.state.node_name() == "move":
        p = s.state.current_player()
        end = next(a for a in s.state.legal_actions() if a.kind == "end")
        left = s.state.observation(None)["movement_points_left"]
        s.play(end)
        unit = "point" if left == 1 else "points"
        assert f"P{p + 1} ends movement ({left} {unit} unused)" in ex.stepper.moves.value
        break
    status = ex.stepper.status.value
    assert "ply" not in status and f"move {ex.tree.ply} of the game" in status


def test_auction_tab_shows_who_won_what_after_the_auction():
    ex = fresh(seed=4)
    s = ex.session
    while s.state.phase_name() == "mutation":
        s.step("random")
    ap = ex.auction.table.value
    assert "Last auction" in ap and ap.count(" won ") == 4 and "paying" in ap
    assert ap.count(" won ") == len(ex.auction.results())


def test_story_tab_summarises_the_round():
    ex = fresh(seed=4)
    s = ex.session
    s.play_to("round", "lively")
    s.play_to("phase", "lively")
    text = ex.story.text.value
    assert "Round 2 so far" in text and "Round 1</b>" in text
    assert "Auction:" in text and "Scoring:" in text and "Movement:" in text


def test_action_list_follows_the_selected_dinosaur():
    ex = fresh(seed=3)
    _to_movement(ex.session)
    st = ex.state
    srcs = [int(k) for k in ex.board.snapshot["targets"]]
    for src in srcs[:2]:
        ex.board.select(src)
        first = ex.picker.choices()[0][1]
        a = st.parse_action(first)
        assert a.a == src and ex.picker.select.value == first
        assert f"dinosaur on <b>{st.game.labels[src]}</b> selected" in ex.picker.head.value


def test_game_length_counted_like_the_game_over_banner():
    ex = fresh(seed=5)
    ex.session.play_to("end")
    st = ex.state
    played = odds_bridge.rounds_played(st)
    assert played == st.round - 1 and ex.board.snapshot["title"] == f"Game over after {played} rounds"
    assert f"Game over after {played} rounds" in ex.stepper.status.value
    fresh_fc = odds_bridge.climate(evo_lab.Game(players=4, seed=5).new_initial_state())
    assert played in fresh_fc["game_length"]
    assert (
        "Rounds played before the meteorite" in ex.climate.length_chart.value or not ex.climate._fc["rounds"]
    )


def test_words_have_no_jargon_or_bad_plurals():
    ex = fresh(seed=6)
    s = ex.session
    texts = []
    for _ in range(220):
        if s.state.is_terminal():
            break
        s.step("lively")
        texts += [
            ex.stepper.moves.value,
            ex.stepper.status.value,
            ex.board.snapshot["last"]["text"] if ex.board.snapshot["last"] else "",
            ex.picker.head.value,
            ex.climate.summary.value,
            " ".join(lab for lab, _ in ex.picker.choices()),
            " ".join(lab for lab, _ in ex.climate.whatif.options),
            ex.combat.result.value,
            ex.combat.plan.value,
            ex.story.text.value,
        ]
    import re

    blob = re.sub(
        r"<[^>]+>", " ", "\n".join(texts)
    )  # the words shown, not the markup (tooltips hold notation)
    for bad in (
        "ply",
        "cw2",
        "ccw1",
        "played with",
        "%%",
        "1 points",
        "1 horns",
        "1 dinosaurs",
        "1 movement points",
        "from section 0 to 0",
        "(path none)",
    ):
        assert bad not in blob, bad
    assert not re.search(r"turns from section (\d) to \1\b", blob)
    # the assumed-data counts agree: the header badge and the board badge count the same values
    assert f"assumed data ({len(ex.board.snapshot['assumed'])})" in ex.header.value


def test_stepper_masks_hidden_outcomes_for_a_player_view():
    from evo_lab.views.widgets import Explorer

    ex = Explorer(evo_lab.Game(players=3, seed=2), seed=2)
    ex.set_viewer(0)
    ex.stepper.refresh() if hasattr(ex.stepper, "refresh") else None
    ex.session.goto_ply(4)  # among the setup's exclusions: the line and its tooltip in words, the gene hidden
    assert "a unique gene is set aside (hidden)" in ex.stepper.moves.value
    assert (
        "exclude" not in ex.stepper.moves.value
        and "set aside (out of this game)" not in ex.stepper.moves.value
    )
    ex.set_viewer(None)
    ex.session.goto_ply(4)
    assert (
        "(hidden)" not in ex.stepper.moves.value and "set aside (out of this game)" in ex.stepper.moves.value
    )
