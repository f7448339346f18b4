"""The value database (bao reach --values: retrograde analysis of every position
reachable from a Bao Kingulu position, bao._bao.reach_values) against bao.solve."""

import random

import bao

START = "2 2 1 2 0 1 / 1 2 1 2 0 0 ; S=15 N=19 ; South"  # 184,940 reachable positions


def test_value_database_agrees_with_bao_solve_on_1000_sampled_positions() -> None:
    # bao reach --values (retrograde analysis, bao._bao.reach_values) against bao.solve
    # with margins on 1,000 positions sampled from the 184,940 reachable from the third
    # start (14 seeds on the board): 0 differences.
    text, total = START, 184940
    rows = bao._bao.reach_values(bao.Position.from_text("kingulu", text))
    assert len(rows) == total and rows[0] == (text, "loss 12", 21, 21)
    undecided = [r for r in rows if r[1] is None or r[2] != r[3]]
    assert undecided == []
    differences = []
    for pos_text, value, lo, hi in random.Random(23).sample(rows, 1000):
        s = bao.solve(bao.Position.from_text("kingulu", pos_text), margin=True)
        solved = None if s.result is None else s.result if s.plies is None else f"{s.result} {s.plies}"
        if (solved, s.south_score) != (value, lo):
            differences.append((pos_text, value, lo, solved, s.south_score))
    assert differences == []
