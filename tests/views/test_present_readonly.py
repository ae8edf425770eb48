"""The classroom page is read-only to its visitors (issue 18): no widget message names a server file, the page's
address takes registered names and in-range numbers only, a refused choice is one line (never a traceback), and
uploads are refused over their limit before they are parsed.

A browser reaches the kernel only through widget messages: a ``comm_msg`` that sets a widget's state
(``widget.set_state``) and a button's click (``_handle_button_msg``). These tests drive the Game tab exactly that
way, so hiding a widget is not what keeps the files safe: the refusal is in the Python code.
"""

from __future__ import annotations

import json

import pytest

import evo_lab
from evo_lab.views.export import export_record
from evo_lab.views.widgets import Explorer
from evo_lab.views.widgets.present import PresentError, choice_from, present, present_page
from evo_lab.views.widgets.session import Session, SessionError
from evo_lab.views.widgets.stepper import UPLOAD_LIMIT


def _client_sets(widget, **state) -> None:
    """What a browser's ``comm_msg`` ``{"method": "update", "state": ...}`` does in the kernel."""
    widget.set_state(state)


def _client_clicks(button) -> None:
    """What a browser's click message does in the kernel."""
    button._handle_button_msg(None, {"event": "click"}, [])


@pytest.fixture()
def page():
    return present("evo2e", players=3, seed=2)


def test_present_page_hides_and_disables_the_file_box(page):
    files = page.files
    assert page.session.server_files is False
    assert files.path.disabled and files.path.layout.display == "none"
    board_file = [w for w in files.fields if "evo-server-path" in w._dom_classes]
    assert board_file and all(w.disabled and w.layout.display == "none" for w in board_file)


def test_a_client_cannot_save_to_a_server_path(page, tmp_path):
    target = tmp_path / "victim.txt"
    target.write_text("the teacher's file")
    _client_sets(page.files.path, value=str(target))
    _client_clicks(page.files.b_save)
    assert target.read_text() == "the teacher's file"
    assert "cannot write files on the server" in page.files.message.value
    assert page.files.save() == "" and target.read_text() == "the teacher's file"
    # the teacher's own Explorer (JupyterLab) still saves to and loads from a path
    ex = Explorer("origin", players=3, seed=1)
    ex.files.path.value = str(target)
    assert ex.files.save() and json.loads(target.read_text())["format"] == "evo-lab-tree"
    assert ex.files.load() == "" and not ex.files.path.disabled


def test_a_client_cannot_load_a_server_path(page, tmp_path):
    other = Explorer("origin", players=3, seed=5)
    secret = tmp_path / "secret.json"
    secret.write_text(other.session.save("tree"))
    before = page.state.to_json()
    for path in (str(secret), "/etc/passwd", "/dev/zero", str(tmp_path / "missing.json")):
        _client_sets(page.files.path, value=path)
        _client_clicks(page.files.b_load)
        msg = page.files.message.value
        # one answer for every path: no probe of which files exist or what they hold
        assert "cannot read files on the server" in msg, msg
        assert page.state.to_json() == before and page.session.game_id == "evo2e"
    with pytest.raises(SessionError, match="cannot read files on the server"):
        page.session.load(secret)


def test_a_client_cannot_start_a_game_on_a_server_board_file(page, tmp_path):
    board = tmp_path / "board.json"
    evo_lab.Board.standard(3).save(str(board))
    field = next(w for w in page.files.fields if "evo-server-path" in w._dom_classes)
    _client_sets(field, value=str(board))
    before = page.state.to_json()
    _client_clicks(page.files.b_new)
    assert "cannot read files on the server" in page.files.message.value
    assert page.state.to_json() == before
    _client_sets(field, value="")
    _client_clicks(page.files.b_new)  # without a path a new game starts as before
    assert page.files.message.value.count("new 3-player game") == 1


def test_save_on_the_present_page_downloads_through_the_browser(page):
    _client_clicks(page.files.b_save)
    sent = page.files.exports.downloader.sent[-1]
    assert sent["filename"].startswith("evo2e-move") and sent["filename"].endswith("-tree.json")
    assert json.loads(page.files.text.value)["format"] == "evo-lab-tree"
    assert "sent " + sent["filename"] + " to the browser" in page.files.message.value


def test_an_upload_over_the_limit_is_refused_before_parsing(page):
    before = page.state.to_json()
    # nested brackets: parsed, this would recurse; it must be refused on its size alone
    huge = b"[" * (UPLOAD_LIMIT + 1)
    err = page.files.open_upload("big.json", huge)
    assert (
        err
        == f"big.json: {UPLOAD_LIMIT + 1:,} bytes is too large to open here (the limit is {UPLOAD_LIMIT:,} bytes)"
    )
    assert "\n" not in err and page.state.to_json() == before
    long_name = "x" * 5000 + ".json"
    assert len(page.files.open_upload(long_name, huge)) < 200  # the name is cut, not repeated
    _client_sets(page.files.text, value="[" * (UPLOAD_LIMIT + 1))
    _client_clicks(page.files.b_load)
    assert "the text box" in page.files.message.value and "too large" in page.files.message.value
    assert page.state.to_json() == before
    rec = export_record(Explorer("evolution", players=3, seed=4).tree)  # within the limit: it opens
    page.files.kind.value = "record"
    assert len(rec) < UPLOAD_LIMIT and page.files.open_upload("r.json", rec.encode()) == ""
    assert page.session.game_id == "evolution"


@pytest.mark.parametrize(
    "query, words",
    [
        ("game=bogus", "game 'bogus': not a game of this page"),
        ("game=origin&players=99", "players '99': expected 2 to 8 for origin"),
        ("players=-1", "players '-1': expected 2 to 5 for evo2e"),
        ("players=3x", "players '3x'"),
        ("seed=-1", "seed '-1': expected a whole number from 0"),
        ("seed=" + "9" * 400, "seed '9999"),
        ("scenario=/etc/passwd", "scenario '/etc/passwd': not a scenario of evo2e"),
        ("scenario=/dev/zero", "scenario '/dev/zero': not a scenario of evo2e"),
        ("scenario=../../secret.json", "not a scenario of evo2e"),
        ("scenario=nosuch", "scenario 'nosuch': not a scenario of evo2e"),
        (
            "game=evolution&scenario=chameleon",
            "not a scenario of evolution; the page's address takes one of: attack, attacks",
        ),
    ],
)
def test_the_address_takes_only_registered_names_and_in_range_numbers(query, words):
    with pytest.raises(PresentError) as info:
        choice_from({"QUERY_STRING": query})
    assert words in str(info.value) and len(str(info.value)) < 400


def test_the_address_takes_a_named_scenario_and_the_command_line_a_file(tmp_path):
    assert choice_from({"QUERY_STRING": "game=evolution&scenario=attacks"})["scenario"] == "attacks"
    path = tmp_path / "s.json"
    path.write_text(Session("origin", players=3, seed=1).save("record"))
    assert choice_from({"EVO_PRESENT_SCENARIO": str(path)})["scenario"] == str(path)  # the operator's choice
    with pytest.raises(PresentError):  # the address cannot name the same file
        choice_from({"QUERY_STRING": f"scenario={path}", "EVO_PRESENT_SCENARIO": "attack"})


@pytest.mark.parametrize(
    "query", ["game=bogus", "game=origin&players=99", "scenario=nosuch", "scenario=/etc/passwd", "seed=-4"]
)
def test_a_refused_address_shows_one_line_and_no_traceback(query):
    text = present_page({"QUERY_STRING": query}).data  # plain HTML: in the page even before widgets load
    assert text.startswith("<div class='evo-present-error'")
    assert "This page cannot open: " in text and "Traceback" not in text and "\n" not in text


def test_an_unexpected_error_shows_one_line_and_logs_the_traceback(monkeypatch, capfd):
    import evo_lab.views.widgets.present as present_module

    def broken(_environ=None):
        raise RuntimeError("disk on fire\nat line 3")

    monkeypatch.setattr(present_module, "present_from_env", broken)
    text = present_page({}).data
    assert "RuntimeError" in text and "Traceback" not in text and "disk on fire" not in text
    assert "Traceback" in capfd.readouterr().err  # the server's log (the kernel's own stderr)


def test_the_present_notebook_catches_errors_in_its_cell():
    nb = json.loads(
        (
            __import__("pathlib").Path(__file__).resolve().parents[2] / "evo_lab" / "views" / "present.ipynb"
        ).read_text()
    )
    src = "".join(nb["cells"][0]["source"])
    assert "present_page()" in src and "except Exception" in src and "present_from_env()" not in src
