"""Bad input raises a clear Python exception (a ValueError subclass) carrying the rules'
reason; nothing crashes."""

from typing import Any, Callable, List, Tuple

import pytest

import bao


def start() -> bao.Position:
    return bao.Position.start("kiswahili")


def test_error_hierarchy() -> None:
    for cls in (bao.PositionError, bao.MoveError, bao.GameOverError, bao.RulesError, bao.RecordError):
        assert issubclass(cls, bao.BaoError) and issubclass(cls, ValueError)
    assert issubclass(bao.GameOverError, bao.MoveError)


def test_unknown_move_text() -> None:
    with pytest.raises(bao.MoveError, match=r'move "Z9<": no such hole "Z9"'):
        start().play("Z9<")
    with pytest.raises(bao.MoveError, match="missing direction < or > after A6"):
        start().play("A6")
    with pytest.raises(bao.MoveError, match="is a hole of North, but South is to move"):
        start().play("a6<")
    with pytest.raises(bao.MoveError, match=r"move \"A9\": pit number must be 1..6, found '9'"):
        bao.Position.start("kingulu").play("A9")


def test_illegal_move_carries_the_rules_reason() -> None:
    with pytest.raises(bao.MoveError) as err:
        start().play("A1>")
    assert str(err.value) == 'move "A1>": illegal: A1 is empty; legal moves: A6< A6> A7< A7>'
    with pytest.raises(bao.MoveError, match="first lap ends in A5, an occupied pit of South's own row"):
        bao.Position.start("kingulu").play("A1")


def test_illegal_and_out_of_range_actions() -> None:
    with pytest.raises(bao.MoveError) as err:
        start().play(0)
    assert str(err.value) == "illegal move A1<: A1 is empty; legal moves: A6< A6> A7< A7>"
    with pytest.raises(bao.MoveError, match=r"action 64 is out of range: kiswahili actions are 0..63"):
        start().play(64)
    with pytest.raises(bao.MoveError, match=r"action -1 is out of range"):
        start().play(-1)
    with pytest.raises(bao.MoveError, match=r"action 6 is out of range: kingulu actions are 0..5"):
        bao.Position.start("kingulu").play(6)
    with pytest.raises(TypeError, match="a move is a move text"):
        start().play(2.5)  # type: ignore[arg-type]
    import numpy as np

    assert start().play(np.int64(20)) == start().play("A6<")


def test_game_over() -> None:
    end = bao.Position.start("kingulu").play("A5").play("a5").play("A3")
    assert end.is_over and end.legal_moves() == [] and end.action_mask().sum() == 0
    with pytest.raises(bao.GameOverError, match="the game is over"):
        end.play(0)


def test_bad_position_text() -> None:
    with pytest.raises(bao.PositionError) as err:
        bao.Position.from_text("kiswahili", "1 2 3")
    assert "cannot read position field position: expected 5 fields" in str(err.value)
    with pytest.raises(bao.PositionError, match="hold 49 seeds in all; Bao Kingulu has 48"):
        bao.Position.from_text("kingulu", "4 4 4 4 4 4 / 4 4 4 4 4 5 ; S=0 N=0 ; South")
    with pytest.raises(bao.PositionError, match="side"):
        bao.Position.from_text("kingulu", "4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; East")
    with pytest.raises(bao.PositionError):
        bao.Position.from_text("kiswahili", "")


def test_bad_rules_and_games() -> None:
    with pytest.raises(bao.RulesError, match='unknown game "chess"'):
        bao.Position.start("chess")
    with pytest.raises(bao.RulesError, match="known profiles: mancala-world, de-voogt, kiba, kujifunza"):
        bao.Rules("kiswahili", "nope")
    with pytest.raises(bao.RulesError, match='option takasia: unknown value "maybe"'):
        bao.Rules("kiswahili", takasia="maybe")
    with pytest.raises(bao.RulesError, match='unknown Bao Kingulu option "foo"'):
        bao.Rules("kingulu", foo=1)
    with pytest.raises(bao.RulesError, match="these rules are for kingulu, not kiswahili"):
        bao.Position.start("kiswahili", bao.Rules("kingulu"))
    with pytest.raises(bao.RulesError, match="not a str, int or bool"):
        bao.Rules("kiswahili", takasia=1.5)  # type: ignore[arg-type]


def test_bad_records() -> None:
    with pytest.raises(bao.RecordError, match="does not look like a game record"):
        bao.GameRecord.from_text("hello")
    with pytest.raises(bao.RecordError, match=r"move 1\. A1>: illegal: A1 is empty"):
        bao.GameRecord.from_text('[Game "kiswahili"]\n\n1. A1> *\n')
    with pytest.raises(bao.RecordError, match=r"annotated `#` \(wins\) but the move does not win"):
        bao.GameRecord.from_text('[Game "kiswahili"]\n\n1. A6># *\n')
    with pytest.raises(bao.RecordError, match='unknown game "chess"'):
        bao.GameRecord.from_text('[Game "chess"]\n\n1. e4 *\n')
    with pytest.raises(bao.MoveError, match="ply 2: .*a1 is empty"):
        bao.GameRecord(start(), ["A6<", "a1>"])


def test_bad_engine_and_batch_arguments() -> None:
    with pytest.raises(bao.BaoError, match="level 11 is out of range 1..10"):
        bao.Engine("kiswahili", level=11)
    with pytest.raises(bao.BaoError, match="unknown searcher"):
        bao.Engine("kiswahili", searcher="minimax")
    with pytest.raises(bao.BaoError, match="this engine plays kingulu, but the position is a kiswahili"):
        bao.Engine("kingulu").search(start())
    with pytest.raises(bao.BaoError, match="item 1 is a kingulu position but item 0 is kiswahili"):
        bao.legal_masks([start(), bao.Position.start("kingulu")])
    with pytest.raises(TypeError, match="item 0 is not a bao.Position"):
        bao.legal_masks(["x"])  # type: ignore[list-item]
    with pytest.raises(bao.MoveError, match="item 1: illegal move A1<: A1 is empty"):
        bao.play_actions([start(), start()], [20, 0])
    with pytest.raises(bao.BaoError, match="2 positions but 1 actions"):
        bao.play_actions([start(), start()], [20])
    with pytest.raises(bao.BaoError, match="position is a kingulu position, not kiswahili"):
        bao.perft("kiswahili", 1, position=bao.Position.start("kingulu"))


def test_huge_action_is_a_move_error() -> None:
    with pytest.raises(bao.MoveError, match=r"action 1000000000000000000000000000000 is out of range"):
        start().play(10**30)


def test_mangled_position_texts_never_crash() -> None:
    # Random edits of valid texts: each one is either a valid position or a PositionError.
    import random

    rng = random.Random(5)
    texts = {
        "kiswahili": [start().text, start().play("A6<").text],
        "kingulu": ["4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South", "5*S 0 6 6 0 1 / 6 6 2 7 0 3 ; S=7 N=0 ; North"],
    }
    alphabet = "0123456789 ;/*+-SNsnAaBbhousetkaij=\n\x00é"
    outcomes = {"ok": 0, "error": 0}
    for game, base in texts.items():
        for _ in range(1500):
            t = list(rng.choice(base))
            for _ in range(rng.randint(1, 4)):
                i = rng.randrange(len(t) + 1)
                op = rng.random()
                if op < 0.4 and t:
                    t[min(i, len(t) - 1)] = rng.choice(alphabet)
                elif op < 0.7:
                    t.insert(i, rng.choice(alphabet))
                elif t:
                    del t[min(i, len(t) - 1)]
            try:
                p = bao.Position.from_text(game, "".join(t))
                p.legal_moves()
                outcomes["ok"] += 1
            except bao.PositionError:
                outcomes["error"] += 1
    assert outcomes["error"] > 1000 and sum(outcomes.values()) == 3000


def test_bad_numbers_are_bao_errors_naming_the_argument() -> None:
    cases: List[Tuple[Callable[[], Any], str, str]] = [
        (lambda: bao.perft("kiswahili", -1), "depth", "-1 is out of range: expected a whole number 0..=4294967295"),
        (lambda: start().perft(2**40), "depth", "1099511627776 is out of range"),
        (lambda: bao.random_playouts("kingulu", -1), "n", "-1 is out of range"),
        (lambda: bao.random_playouts("kingulu", 1, seed=-5), "seed", "-5 is out of range"),
        (lambda: bao.random_playouts("kingulu", 1, max_plies=-1), "max_plies", "-1 is out of range"),
        (lambda: bao.Engine("kingulu", level=-3), "level", "-3 is out of range: expected a whole number 0..=255"),
        (lambda: bao.Engine("kingulu", nodes=-1), "nodes", "-1 is out of range"),
        (lambda: bao.Engine("kingulu").search(bao.Position.start("kingulu"), depth=-2), "depth", "-2 is out of range"),
        (lambda: bao.play_actions([start()], [-1]), "actions", "-1 is out of range"),
        (lambda: bao.solve(start(), time_ms=-1), "time_ms", "-1 is out of range"),
        (lambda: bao.GameLine(start()).undo(-1), "plies", "-1 is out of range"),
    ]
    for call, name, message in cases:
        with pytest.raises(bao.BaoError) as err:
            call()
        assert message in str(err.value)
        assert f"while processing '{name}'" in getattr(err.value, "__notes__", []), name


def test_bad_side_is_a_bao_error() -> None:
    with pytest.raises(bao.BaoError, match='unknown side "East"; expected "South" or "North"'):
        start().observation("East")
    with pytest.raises(bao.BaoError, match='unknown side "West"'):
        bao.observations([start()], "West")
    with pytest.raises(bao.BaoError, match='unknown side "up"'):
        bao.Outcome("up", "score")


def test_bool_is_not_a_move_or_a_number() -> None:
    with pytest.raises(TypeError, match="a move is a move text .* not bool"):
        start().play(True)
    with pytest.raises(TypeError, match="a move is a move text .* not bool"):
        bao.GameLine(start()).play(False)
    with pytest.raises(TypeError, match="not bool"):
        bao.perft("kingulu", True)
    with pytest.raises(TypeError):
        bao.perft("kingulu", 2.0)  # type: ignore[arg-type]


def test_solve_refuses_margin_for_kiswahili_and_bad_hash() -> None:
    with pytest.raises(bao.BaoError, match="margin=True is for Bao Kingulu"):
        bao.solve(start(), margin=True)
    with pytest.raises(bao.BaoError, match="hash_mb = 0: give 1 to 65536 MiB"):
        bao.solve(bao.Position.start("kingulu"), hash_mb=0)
