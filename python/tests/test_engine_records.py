"""The engine and game records from Python."""

import threading

import pytest

import bao

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
    r = e.search(start, nodes=50)
    assert r.move in start.legal_moves()
    m = bao.Engine("kiswahili", searcher="mcts", nodes=200).search(start)
    assert m.move in start.legal_moves() and m.nodes == 200
    rnd = bao.Engine("kiswahili", level=1, seed=5).search(start)
    assert rnd.move in start.legal_moves()


def test_search_of_a_finished_game() -> None:
    end = bao.Position.start("kingulu").play("A5").play("a5").play("A3")
    r = bao.Engine("kingulu", level=3).search(end)
    assert r.move is None and r.action is None


def test_search_and_perft_release_the_gil() -> None:
    # While a search runs in a thread, the main thread keeps running Python code.
    start = bao.Position.start("kiswahili")
    engine = bao.Engine("kiswahili", level=8, time_ms=300)
    done = threading.Event()
    out: dict[str, bao.SearchResult] = {}

    def run() -> None:
        out["r"] = engine.search(start)
        done.set()

    t = threading.Thread(target=run)
    t.start()
    ticks = 0
    while not done.is_set():
        ticks += 1
    t.join()
    assert out["r"].move in start.legal_moves()
    assert ticks > 1000
