"""bao.report: the game report of `bao report --json` (docs/analysis.md)."""

import pytest

import bao

# Issue 19's example: `1. A4 a3` at the Bao Kingulu start. The values are the opening
# book's (docs/solved.md; re-solved by `bao book verify`): A3 wins in 29 (26-22), A4 loses
# in 20 (19-29); after A4, North's a5 wins in 19 (19-29), a3 loses in 18 (25-23).
A4_A3 = '[Game "kingulu"]\n[South "ann"]\n[North "bob"]\n\n1. A4 a3 *\n'


def test_report_of_a4_a3() -> None:
    r = bao.report(A4_A3, depth=2)
    assert r == {
        "game": "kingulu",
        "players": {"South": "ann", "North": "bob"},
        "limits": {"depth": 2},
        "accuracy": {"South": 0.0, "North": 0.0},
        "moves": [
            {
                "ply": 1, "side": "South", "move": "A4", "best": "A3", "class": "blunder",
                "before": {"score": 4.0, "proved": "win", "plies": 29, "margin": [26, 22], "source": "book"},
                "after": {"score": -10.0, "proved": "loss", "plies": 20, "margin": [19, 29], "source": "book"},
            },
            {
                "ply": 2, "side": "North", "move": "a3", "best": "a5", "class": "blunder",
                "before": {"score": 10.0, "proved": "win", "plies": 19, "margin": [19, 29], "source": "book"},
                "after": {"score": -2.0, "proved": "loss", "plies": 18, "margin": [25, 23], "source": "book"},
            },
        ],
    }


def test_report_refuses_bad_input() -> None:
    with pytest.raises(bao.BaoError, match="time_ms 0: give 1 to 60000"):
        bao.report(A4_A3, time_ms=0)
    with pytest.raises(bao.BaoError):
        bao.report(A4_A3, time_ms=-1)
    with pytest.raises(bao.RecordError):
        bao.report('[Game "kingulu"]\n\n1. A4 zz *\n')


def test_the_default_report_is_the_same_on_every_run() -> None:
    # A 40-move Bao la Kiswahili game (the browser test's record): the default is a fixed
    # depth, so two runs agree to the last value, as `bao report` does.
    from pathlib import Path

    record = (Path(__file__).parents[2] / "e2e" / "data" / "kiswahili-40.bao").read_text()
    first = bao.report(record)
    assert len(first["moves"]) == 80
    assert bao.report(record) == first
    assert first["moves"][0]["before"]["source"] == "search"


def test_time_and_depth_are_not_given_together() -> None:
    with pytest.raises(bao.BaoError, match="give time_ms or depth, not both"):
        bao.report(A4_A3, time_ms=100, depth=2)
