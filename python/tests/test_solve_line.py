"""bao.solve (the exact solver of docs/solved.md) and bao.GameLine (a game with its
history: G-R15 repetition), and GameRecord's attributes."""

import copy
import pickle

import pytest

import bao

T32 = "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South"  # docs/bao-kingulu.md T32


def t32() -> bao.Position:
    return bao.Position.from_text("kingulu", T32)


def test_solve_t32_with_moves() -> None:
    # crates/bao-engine/tests/solve.rs: South to move loses in 28 (A5 the longest defence).
    s = bao.solve(t32(), moves=True)
    assert s.moves is not None
    assert (s.result, s.plies, s.value, s.complete) == ("loss", 28, "loss in 28", True)
    assert s.no_win_within == 27 and s.south_score is None and s.south_range is None
    assert [(m.move, m.action, m.result, m.plies, m.value) for m in s.moves] == [
        ("A3", 2, "loss", 12, "loss in 12"),
        ("A5", 4, "loss", 28, "loss in 28"),
        ("A6", 5, "loss", 22, "loss in 22"),
    ]
    assert s.nodes > 0


def test_solve_margin_of_a_late_position_and_finished_ones() -> None:
    # After A5 a5 A3 the game is over, North (to move) has won on score.
    end = bao.Position.start("kingulu").play("A5").play("a5").play("A3")
    assert end.is_over and end.outcome == bao.Outcome("North", "score") and end.side_to_move == "North"
    s = bao.solve(end, margin=True, moves=True)
    assert (s.result, s.plies, s.moves) == ("win", 0, [])
    assert end.scores is not None
    assert s.south_score == end.scores[0] and s.south_range == (end.scores[0], end.scores[0])
    before = bao.Position.start("kingulu").play("A5").play("a5")
    s = bao.solve(before, margin=True, moves=True)
    assert s.complete and s.result is not None and s.moves is not None
    a3 = [m for m in s.moves if m.move == "A3"][0]
    assert (a3.result, a3.plies, a3.south_score) == ("loss", 1, end.scores[0])
    # The value of the position is the best move's.
    best = max(s.moves, key=lambda m: m.south_score or 0)
    assert s.south_score == best.south_score


def test_solve_limits_report_what_is_not_proven() -> None:
    s = bao.solve(bao.Position.start("kingulu"), margin=True, nodes=1000)
    assert s.result is None and s.value is None and not s.complete
    assert s.south_score is None


def test_game_line_repetition_ends_the_game() -> None:
    line = bao.GameLine(t32())
    for mv in ["A6", "a6", "A6"]:
        line.play(mv)
    assert line.occurrences == 2 and not line.is_over
    pos = line.play(5)  # a6 as an action: the third occurrence of T32
    assert pos.text == T32 and not pos.is_over  # the position alone does not know
    assert line.occurrences == 3 and line.is_over
    assert (line.outcome.winner, line.outcome.reason) == ("South", "repetition")
    assert line.end_sentence == "the position occurred for the third time: the game ends, South 27–21"
    assert line.legal_moves() == [] and line.legal_actions() == [] and line.action_mask().sum() == 0
    with pytest.raises(bao.GameOverError, match="the game is over"):
        line.play("A3")
    line.undo()
    assert line.plies == 3 and line.legal_moves() == ["a3", "a5", "a6"]
    with pytest.raises(bao.BaoError, match="cannot undo 4 plies: only 3 played"):
        line.undo(4)


def test_game_line_copies_records_and_pickles() -> None:
    line = bao.GameLine(bao.Position.start("kingulu"))
    line.play("A3")
    other = line.copy()
    other.play("a6")
    assert (line.moves, other.moves) == (["A3"], ["A3", "a6"])
    assert copy.deepcopy(other).moves == ["A3", "a6"] and copy.copy(line).plies == 1
    assert [p.text for p in other.positions][0] == bao.Position.start("kingulu").text
    back = pickle.loads(pickle.dumps(other))
    assert back.moves == other.moves and back.current == other.current
    rec = other.to_record()
    assert isinstance(rec, bao.GameRecord) and rec.moves == ["A3", "a6"] and rec.current == other.current
    assert rec.to_line().moves == ["A3", "a6"]
    assert bao.GameLine.from_record_text(other.record_text()).current == other.current
    assert line.resign("South") == bao.Outcome("North", "resignation") and line.is_over


def test_game_record_attributes_are_properties() -> None:
    rec = bao.GameRecord(bao.Position.start("kingulu"), ["A5", "a5"])
    assert rec.moves == ["A5", "a5"] and len(rec.positions) == 3
    assert rec.current == rec.positions[-1] == bao.Position.start("kingulu").play("A5").play("a5")


def test_engine_searches_a_game_line_with_its_history() -> None:
    line = bao.GameLine(t32())
    for mv in ["A6", "a6", "A6"]:
        line.play(mv)
    engine = bao.Engine("kingulu", depth=4)
    r = engine.search(line)
    assert r.move in line.legal_moves() and r.depth == 4
    # Limits replace the level's (the default, 6: Bao Kingulu's depth 3 missing 2 % of
    # captures) and keep its missed captures.
    assert engine.description == "alpha-beta depth 4, misses 2% of captures"
    # Each game has its own levels (docs/engine.md): Bao Kingulu's level 1 looks one ply
    # ahead and misses every capture, its level 6 searches 3 plies and misses a few.
    assert bao.Engine("kingulu", level=1).description == "greedy, misses 100% of captures"
    assert bao.Engine("kingulu", level=6).description == "alpha-beta depth 3, misses 2% of captures"
    assert bao.Engine("kiswahili", level=8).description == "alpha-beta time 1000 ms, network evaluation"
    assert bao.Engine("kiswahili", level=7).description == "alpha-beta depth 8 time 500 ms"
    with pytest.raises(TypeError, match="a bao.Position or a bao.GameLine"):
        engine.search("0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South")  # type: ignore[arg-type]
    with pytest.raises(bao.BaoError, match="this engine plays kiswahili, but the line is"):
        bao.Engine("kiswahili").search(line)
