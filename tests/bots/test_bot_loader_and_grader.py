"""Loading a student's bot from a file (evo_lab.bots.loader) and grading it (scripts/grade_bot.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from evo_lab.bots import Bot
from evo_lab.bots.loader import BotLoadError, ObservationBot, load_bot


def _root() -> Path:
    here = Path(__file__).resolve()
    return next(p for p in here.parents if (p / "pyproject.toml").is_file())


ROOT = _root()
SAMPLE = ROOT / "examples" / "student_bot.py"
sys.path.insert(0, str(ROOT / "scripts"))
import grade_bot


def _write(tmp_path: Path, name: str, src: str) -> Path:
    p = tmp_path / name
    p.write_text(src, encoding="utf-8")
    return p


RECORDER = '''
SEEN = []
class Recorder:
    def __init__(self, seed=None):
        self.seed = seed
    def act(self, observation, legal_actions):
        SEEN.append((type(observation).__name__, type(legal_actions).__name__, self.seed))
        return legal_actions[-1]
'''


def test_observation_protocol_sees_only_the_observation_and_the_legal_actions(tmp_path):
    import evo_lab

    bot = load_bot(_write(tmp_path, "rec.py", RECORDER), seed=5)
    assert isinstance(bot, ObservationBot) and bot.name == "Recorder" and not bot.omniscient
    s = evo_lab.make_game("evolution", players=2, seed=3).new_initial_state_dealt()
    a = bot(s, s.current_player())
    assert a == s.legal_actions()[-1]
    seen = sys.modules[type(bot.inner).__module__].SEEN
    assert seen == [("dict", "list", 5)]
    bot.reset(9)
    assert bot.inner.seed == 9                         # a fresh instance, reseeded, for every game


def test_bot_protocol_subclass_is_built_with_the_seed(tmp_path):
    src = ("from evo_lab.bots import Bot\n"
           "class Mine(Bot):\n"
           "    def act(self, state, player):\n"
           "        return state.legal_actions()[0]\n")
    bot = load_bot(_write(tmp_path, "mine.py", src), seed=4)
    assert isinstance(bot, Bot) and not isinstance(bot, ObservationBot) and bot.seed == 4 and bot.name == "Mine"


@pytest.mark.parametrize("name,src,words", [
    ("none.py", "x = 1\n", "no class"),
    ("two.py", "class A:\n    def act(self, o, l): pass\nclass B:\n    def act(self, o, l): pass\n", "several"),
    ("bad.py", "class A:\n    def act(self, o): pass\n", "must take"),
    ("boom.py", "raise RuntimeError('oops')\n", "RuntimeError"),
])
def test_bad_bot_files_raise_a_typed_error_naming_the_file(tmp_path, name, src, words):
    p = _write(tmp_path, name, src)
    with pytest.raises(BotLoadError) as e:
        load_bot(p)
    assert name in str(e.value) and words in str(e.value)
    with pytest.raises(BotLoadError):
        load_bot(tmp_path / "missing.py")


def test_class_name_picks_one_of_several(tmp_path):
    p = _write(tmp_path, "two.py", "class A:\n    def act(self, o, l):\n        return l[0]\n"
                                   "class B:\n    def act(self, o, l):\n        return l[-1]\n")
    assert load_bot(p, class_name="B").name == "B"


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
    assert a.grade in grade_bot.GRADES and a.baseline == 0.5
    lo, hi = a.low, a.high
    assert lo <= a.rate <= hi


def test_an_illegal_move_gets_an_f_with_the_seed(tmp_path):
    p = _write(tmp_path, "cheat.py", "class Cheat:\n    def act(self, o, l):\n        return ('teleport',)\n")
    r = grade_bot.grade(p, game="evolution", games=2, seed=1)
    assert r.grade == "F" and "illegal" in r.note and "seed" in r.note


def test_command_line(tmp_path):
    ok = subprocess.run([sys.executable, str(ROOT / "scripts" / "grade_bot.py"), str(SAMPLE), "--game", "evolution",
                         "--games", "4", "--seed", "1", "--opponents", "random"], capture_output=True, text=True,
                        timeout=300, check=False)
    assert ok.returncode == 0 and "Wilson interval" in ok.stdout and "grade" in ok.stdout
    bad = subprocess.run([sys.executable, str(ROOT / "scripts" / "grade_bot.py"), str(tmp_path / "nope.py")],
                         capture_output=True, text=True, timeout=120, check=False)
    assert bad.returncode == 2 and "no such bot file" in bad.stderr
