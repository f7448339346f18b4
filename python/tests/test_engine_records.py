"""The engine and game records from Python."""

import pickle
import threading
import time
from typing import Any, Callable, Dict, List, Tuple, TypeVar

import pytest

import bao

T = TypeVar("T")

FINISHED = """[Game "kiswahili"]
[Rules "mancala-world"]
[Date "2026.11.29"]
[South "Juma"]
[North "Amina"]
[Result "0-1"]
[Termination "bao hamna"]

1. A6< a6> 2. A4< a1> 3. A3< a7< 4. A5> a7< 5. A7< a7> 6. A7< a8< 7. A2> a4> 8.
A3< a2> 9. A3< a8< 10. A4> a1> 11. A1> a1> 12. A5< a5> 13. A6> a7< 14. A4> a3<
15. A2> a8< 16. A2> a3< 17. A5< a3< 18. A4> a1> 19. A5< a8< 20. A5< a7< 21. A8<
a6> 22. A5< a7< 23. B7> a8> 24. A5> b8> 25. A6< b5> 26. B1< a6< 27. A7< a5> 28.
A3> a8< 29. A5< a4> 30. B5> b1< 0-1
"""  # crates/bao-rules/tests/record_kiswahili.rs


def test_record_round_trip() -> None:
    rec = bao.GameRecord.from_text(FINISHED)
    assert rec.game == "kiswahili" and len(rec) == 60 and len(rec.moves) == 60
    assert (rec.south, rec.north, rec.date) == ("Juma", "Amina", "2026.11.29")
    assert rec.result == bao.Outcome("North", "bao-hamna")
    assert rec.current.outcome == rec.result
    assert rec.start == bao.Position.start("kiswahili")
    assert len(rec.positions) == 61
    assert rec.to_text() == FINISHED
    rebuilt = bao.GameRecord(rec.start, rec.moves, south="Juma", north="Amina", date="2026.11.29")
    assert rebuilt.to_text() == FINISHED  # the final position's outcome is written


def test_record_built_from_actions() -> None:
    k = bao.Position.start("kingulu")
    rec = bao.GameRecord(k, [4, "a5", 2])
    assert rec.moves == ["A5", "a5", "A3"]
    assert rec.current.outcome == bao.Outcome("North", "score")
    again = bao.GameRecord.from_text(rec.to_text())
    assert again.game == "kingulu" and again.moves == rec.moves
    assert rec.result is None and again.result == bao.Outcome("North", "score")
    assert again.to_text() == rec.to_text()


# G-R15, T32 (crates/bao-rules/tests/line.rs): from this position A6 a6 A6 a6 brings it
# back a third time; the game ends, scored by G-R14 on it: South 27-21.
T32 = "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South"


def test_outcome_of_a_repetition() -> None:
    o = bao.Outcome("South", "repetition")
    assert (o.winner, o.reason) == ("South", "repetition")
    assert o.description == "the position occurred for the third time and the seeds were counted"
    assert pickle.loads(pickle.dumps(o)) == o
    with pytest.raises(bao.BaoError, match="repetition, off-board"):
        bao.Outcome("South", "boredom")


def test_record_ended_by_repetition_pickles() -> None:
    start = bao.Position.from_text("kingulu", T32)
    text = bao.GameRecord(start, ["A6", "a6", "A6", "a6"]).to_text()
    assert text == (
        '[Game "kingulu"]\n[Rules "default"]\n[Date "????.??.??"]\n[South "?"]\n[North "?"]\n'
        f'[Setup "{T32}"]\n[Result "1-0"]\n[Termination "repetition"]\n\n'
        "1. A6 a6 2. A6 a6 1-0\n"
    )
    rec = bao.GameRecord.from_text(text)
    assert rec.result == bao.Outcome("South", "repetition")
    assert rec.to_text() == text
    assert pickle.loads(pickle.dumps(rec.result)) == rec.result
    assert rec.current.text == T32 and rec.current.scores == (27, 21)


def test_search_is_deterministic_and_legal() -> None:
    start = bao.Position.start("kiswahili")
    a = bao.Engine("kiswahili", level=5).search(start)
    b = bao.Engine("kiswahili", level=5).search(start)
    assert a.move in start.legal_moves() and start.parse_move(a.move) == a.action
    assert (a.move, str(a.score), a.pv, a.nodes, a.depth) == (b.move, str(b.score), b.pv, b.nodes, b.depth)
    assert a.depth == 4 and a.pv[0] == a.move and [i.depth for i in a.iterations] == [1, 2, 3, 4]
    assert a.score.kind in ("cp", "win", "loss")
    k = bao.Engine("kingulu", depth=4).search(bao.Position.start("kingulu"))
    assert k.move in ["A3", "A4", "A5", "A6"] and k.depth == 4


def test_search_limits_and_analyze() -> None:
    start = bao.Position.start("kiswahili")
    e = bao.Engine("kiswahili", level=8)
    r = e.analyze(start, depth=3)
    assert r.depth == 3 and len(r.iterations) == 3
    # The node counter is checked at every node (docs/engine.md "Limits"): the search stops
    # on the first node past the limit, and so counts 51 for a limit of 50.
    r = e.search(start, nodes=50)
    assert r.move in start.legal_moves() and r.nodes == 51
    assert e.search(start, nodes=500).nodes == 501
    m = bao.Engine("kiswahili", searcher="mcts", nodes=200).search(start)
    assert m.move in start.legal_moves() and m.nodes == 200
    # The random searcher plays a random legal move from its seed: the same move for the
    # same seed, and every one of the start's 4 moves for some seed among 40.
    rnd = [bao.Engine("kiswahili", searcher="random", seed=5).search(start).move for _ in range(3)]
    assert len(set(rnd)) == 1 and rnd[0] in start.legal_moves()
    seen = {bao.Engine("kiswahili", searcher="random", seed=s).search(start).move for s in range(40)}
    assert seen == set(start.legal_moves()) == {"A6<", "A6>", "A7<", "A7>"}


def test_search_of_a_finished_game() -> None:
    end = bao.Position.start("kingulu").play("A5").play("a5").play("A3")
    r = bao.Engine("kingulu", level=3).search(end)
    assert r.move is None and r.action is None


def ticks_during(call: Callable[[], T]) -> Tuple[T, float, float, List[float]]:
    """Runs `call` in a thread; the main thread meanwhile records the times at which it ran
    Python code. Returns (the call's result, its start and end times, the main thread's
    tick times)."""
    out: Dict[str, Any] = {}

    def run() -> None:
        out["t0"] = time.monotonic()
        out["r"] = call()
        out["t1"] = time.monotonic()

    t = threading.Thread(target=run)
    ticks: List[float] = []
    t.start()
    while t.is_alive():
        ticks.append(time.monotonic())
    t.join()
    return out["r"], out["t0"], out["t1"], ticks


def assert_ran_meanwhile(t0: float, t1: float, ticks: List[float]) -> None:
    # A call that holds the GIL stops the main thread from its first instant to its last:
    # no tick could fall more than one switch interval (5 ms) inside [t0, t1]. A call
    # that releases it lets the main thread tick all along.
    assert t1 - t0 > 0.2, f"the call took {t1 - t0:.3f} s: too short to tell"
    inside = [t for t in ticks if t0 + 0.05 < t < t1 - 0.05]
    assert len(inside) > 100, f"{len(inside)} ticks while the call ran {t1 - t0:.3f} s"


def test_search_releases_the_gil() -> None:
    start = bao.Position.start("kiswahili")
    engine = bao.Engine("kiswahili", level=8, time_ms=500)
    r, t0, t1, ticks = ticks_during(lambda: engine.search(start))
    assert r.move in start.legal_moves()
    assert_ran_meanwhile(t0, t1, ticks)


def test_perft_releases_the_gil() -> None:
    # Kingulu perft 16 from the start takes about 0.6 s in a release build. The count is the
    # rules crate's own (this test is about the lock; perft's values are checked against
    # G-§7.3 and the data file in test_kingulu_perft_matches_rust).
    n, t0, t1, ticks = ticks_during(lambda: bao.perft("kingulu", 16))
    assert n == 4_762_603
    assert_ran_meanwhile(t0, t1, ticks)
