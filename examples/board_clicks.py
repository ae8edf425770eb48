"""The board widget's logic without a browser: select a dinosaur, list its highlighted targets with their odds,
click one, and see a bad action string refused without changing anything.

    .venv/bin/python examples/board_clicks.py
"""

from evo_lab.views.widgets import BoardWidget

w = BoardWidget(players=4, seed=3)
s = w.session
s.play_to("setup")
while s.state.node_name() != "move":     # bots bid; on to the first movement decision
    s.step()
print(w.snapshot["status"])

src = int(next(iter(w.snapshot["targets"])))
print(f"select {s.game.labels[src]}: targets", [s.game.labels[t] for t in w.select(src)])
for items in w.targets().values():
    for it in items:
        print(f"  {it['action']:16} {it['text']}" + (f"  [{it['p']}]" if "p" in it else ""))
print("click ->", w.click(w.highlighted[0]), "|", w.snapshot["last"]["text"])

before = s.state.to_json()
print("play 'move Z9-A1' ->", w.play("move Z9-A1"), "|", w.error)
assert s.state.to_json() == before
