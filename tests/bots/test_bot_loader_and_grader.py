"""Loading a bot from a file (evo_lab.bots.loader) and grading it (scripts/grade_bot.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from evo_lab.bots import Bot
from evo_lab.bots.loader import BotLoadError, load_bot


def _root() -> Path:
    return next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").is_file())


ROOT = _root()
SAMPLE = ROOT / "examples" / "trait_collector.py"
sys.path.insert(0, str(ROOT / "scripts"))
import grade_bot


def _write(tmp_path: Path, name: str, src: str) -> Path:
    p = tmp_path / name
    p.write_text(src, encoding="utf-8")
    return p


RECORDER = """
SEEN = []
class Recorder:
    def __init__(self, seed=None):
        self.seed = seed
    def reset(self, seed):
        self.seed = seed
    def act(self, observation, legal_actions):
        SEEN.append((type(observation).__name__, [type(a).__name__ for a in legal_actions][:1], self.seed))
        return len(legal_actions) - 1
"""


def test_a_file_bot_sees_its_observation_and_the_legal_actions_as_strings(tmp_path):
    import evo_lab

    bot = load_bot(str(_write(tmp_path, "rec.py", RECORDER)), "evolution", seed=5)
    assert isinstance(bot, Bot) and not bot.omniscient and bot.name == "rec"
    s = evo_lab.make_game("evolution", players=2, seed=3).new_initial_state_dealt()
    assert bot(s, s.current_player()) == s.legal_actions()[-1]  # an index is an answer too
    seen = sys.modules[type(bot.impl).__module__].SEEN
    assert seen == [("dict", ["str"], 5)]
    bot.reset(9)
    assert bot.impl.seed == 9


def test_bot_protocol_subclass_is_built_with_the_seed(tmp_path):
    src = (
        "from evo_lab.bots import Bot\n"
        "class Mine(Bot):\n"
        "    def act(self, state, player):\n"
        "        return state.legal_actions()[0]\n"
    )
    bot = load_bot(str(_write(tmp_path, "mine.py", src)), "evolution", seed=4)
    assert isinstance(bot, Bot) and bot.seed == 4 and type(bot).__name__ == "Mine"


@pytest.mark.parametrize(
    "name,src",
    [
        ("none.py", "x = 1\n"),
        ("two.py", ("class A:\n    def act(self, o, l): pass\nclass B:\n    def act(self, o, l): pass\n")),
        ("boom.py", "raise RuntimeError('oops')\n"),
    ],
)
def test_bad_bot_files_raise_a_typed_error_naming_the_file(tmp_path, name, src):
    with pytest.raises(BotLoadError) as e:
        load_bot(str(_write(tmp_path, name, src)), "evolution")
    assert name in str(e.value)
    with pytest.raises(BotLoadError):
        load_bot(str(tmp_path / "missing.py"), "evolution")


def test_a_named_class_picks_one_of_several(tmp_path):
    p = _write(
        tmp_path,
        "two.py",
        "class A:\n    def act(self, o, l):\n        return l[0]\n"
        "class B:\n    name = 'bee'\n    def act(self, o, l):\n        return l[-1]\n",
    )
    assert load_bot(f"{p}:B", "evolution").name == "bee"


def test_rubric_thresholds():
    assert grade_bot.rubric(0.1, 0.4, 0.5)[0] == "D"
    assert grade_bot.rubric(0.4, 0.6, 0.5)[0] == "C"
    assert grade_bot.rubric(0.55, 0.7, 0.5)[0] == "B"
    assert grade_bot.rubric(0.8, 0.9, 0.5)[0] == "A"
    assert grade_bot.rubric(0.36, 0.6, 1 / 3)[0] == "B" and grade_bot.rubric(0.51, 0.7, 1 / 3)[0] == "A"


def test_grading_the_sample_bot_is_seeded_and_counts_whole_wins():
    a = grade_bot.grade(SAMPLE, game="evolution", games=8, seed=2, opponents=["random"])
    b = grade_bot.grade(SAMPLE, game="evolution", games=8, seed=2, opponents=["random"])
    assert a == b and a.games == 8 and 0 <= a.wins + a.shared <= 8
    assert a.grade in grade_bot.GRADES and a.baseline == 0.5 and a.low <= a.rate <= a.high


def test_an_illegal_answer_gets_an_f_with_the_seed(tmp_path):
    p = _write(tmp_path, "cheat.py", "class Cheat:\n    def act(self, o, l):\n        return 'teleport'\n")
    r = grade_bot.grade(p, game="evolution", games=2, seed=1)
    assert r.grade == "F" and "teleport" in r.note and "seed" in r.note


def test_command_line(tmp_path):
    ok = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "grade_bot.py"),
            str(SAMPLE),
            "--game",
            "evolution",
            "--games",
            "4",
            "--seed",
            "1",
            "--opponents",
            "random",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert ok.returncode == 0 and "Wilson interval" in ok.stdout and "grade" in ok.stdout
    bad = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "grade_bot.py"), str(tmp_path / "nope.py")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert bad.returncode == 2 and "cannot grade" in bad.stderr
